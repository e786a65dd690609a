// SVG uploads: hostile parts (scripts, event handlers, links, foreign objects, outside
// references) are removed while the drawing stays whole; malformed files are refused with the
// reader's reason; a stored SVG is drawn as a PNG of the asked size.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRefusal } from "./image-processing.server";
import { drawSvgAsPng, prepareUploadedSvg } from "./svg-images.server";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const hostile = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert(1)">
  <style>.mark{fill:#1d4ed8}</style>
  <style>@import url(https://evil.example/x.css);</style>
  <style>&lt;script&gt;alert(8)&lt;/script&gt;</style>
  <script>alert(2)</script>
  <script type="text/ecmascript"><![CDATA[alert(3)]]></script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0f766e"/></linearGradient></defs>
  <a href="javascript:alert(4)"><rect width="10" height="10"/></a>
  <rect class="mark" width="40" height="40" rx="8" onclick="alert(5)" fill="url(#g)"/>
  <path d="M50 30 60 10 70 30" stroke="url(https://evil.example/p)" style="fill:url(https://evil.example/s)"/>
  <circle r="4" style="fill:u\\72l(https://evil.example/escaped)"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <use href="#g"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi<iframe src="https://evil.example"/></div></foreignObject>
  <animate attributeName="href" to="javascript:alert(6)"/>
  <set attributeName="onmouseover" to="alert(7)"/>
</svg>`;

describe("prepareUploadedSvg", () => {
  it("keeps the drawing and drops scripts, handlers, links, foreign objects and outside references", () => {
    const prepared = prepareUploadedSvg(encode(hostile));
    const stored = decode(prepared.bytes);
    expect(prepared).toMatchObject({ kind: "svg", width: 120, height: 40 });
    for (const gone of [
      "script",
      "alert",
      "onload",
      "onclick",
      "javascript",
      "evil.example",
      "foreignObject",
      "iframe",
      "<a",
      "<image",
      "animate",
      "<set",
      "@import",
      "DOCTYPE",
    ]) {
      expect(stored, gone).not.toContain(gone);
    }
    // Its drawing size written on the root, which had only a viewBox.
    expect(stored).toMatch(/^<svg width="120" height="40" /);
    for (const kept of [
      'viewBox="0 0 120 40"',
      ".mark{fill:#1d4ed8}",
      'fill="url(#g)"',
      'd="M50 30 60 10 70 30"',
      'href="#g"',
      "<linearGradient",
      'stop-color="#0f766e"',
    ]) {
      expect(stored, kept).toContain(kept);
    }
    // Still an SVG resvg reads, drawn at the size asked.
    expect(drawSvgAsPng(prepared.bytes, 240).subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("refuses malformed files with 400 and the reader's reason", () => {
    for (const [bytes, reason] of [
      [encode('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"'), "never closed"],
      [encode('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'), "expected 'g' tag"],
      [encode('<svg viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'), "root"],
      [Uint8Array.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]), "The SVG could not be read"],
      [encode('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>'), "could not"],
    ] as const) {
      let refusal: unknown;
      try {
        prepareUploadedSvg(bytes);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(ImageRefusal);
      expect((refusal as ImageRefusal).status).toBe(400);
      expect((refusal as ImageRefusal).message).toContain("The SVG could not be read");
      expect((refusal as ImageRefusal).message).toContain(reason);
    }
  });
});

describe("drawSvgAsPng", () => {
  const wide = encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#0b1b36"/></svg>',
  );

  it("holds a very tall drawing's long side to 4096 pixels", async () => {
    const tall = encode(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10000"><rect width="10" height="10000"/></svg>',
    );
    expect(await sharp(drawSvgAsPng(tall, 512, true)).metadata()).toMatchObject({
      width: 4,
      height: 4096,
    });
    expect((await sharp(drawSvgAsPng(tall, 1920)).metadata()).height).toBe(4096);
  });

  it("draws the width asked, or the shorter side when covering a square", async () => {
    expect(await sharp(drawSvgAsPng(wide, 640)).metadata()).toMatchObject({
      format: "png",
      width: 640,
      height: 213,
    });
    expect(await sharp(drawSvgAsPng(wide, 512, true)).metadata()).toMatchObject({
      width: 1536,
      height: 512,
    });
  });
});
