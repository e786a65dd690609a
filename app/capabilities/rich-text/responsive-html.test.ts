import { describe, expect, it } from "vitest";
import { listUploadImages, renderResponsiveImages } from "./responsive-html";

const id = "0123456789abcdef0123456789abcdef";
const upload = `/images/uploads/${id}.jpg`;
const sizes = { full: "720px", inline: "288px" };
const known = new Map([[upload, { width: 2400, height: 1600 }]]);

describe("renderResponsiveImages", () => {
  it("turns an upload in a full figure into a picture with AVIF, WebP and JPEG at five widths", () => {
    const html = `<p>Intro</p><figure data-size="full"><img src="${upload}" alt="A &quot;rack&quot; &gt; 2" width="2400" height="1600" /><figcaption>Rack</figcaption></figure>`;
    const out = renderResponsiveImages(html, known, sizes);
    const widths = "320w, .+640w, .+960w, .+1280w, .+1920w";
    expect(out).toMatch(
      new RegExp(
        `^<p>Intro</p><figure data-size="full"><picture><source type="image/avif" srcset="/images/uploads/${id}\\.w320\\.avif ${widths}" sizes="720px" /><source type="image/webp" srcset="[^"]+\\.w1920\\.webp 1920w" sizes="720px" /><img src="/images/uploads/${id}\\.w1920\\.jpg" alt="A &quot;rack&quot; &gt; 2" width="2400" height="1600" srcset="[^"]+\\.w1920\\.jpg 1920w" sizes="720px" /></picture><figcaption>Rack</figcaption></figure>$`,
      ),
    );
  });

  it("gives an inline figure the inline sizes and fills in missing width and height", () => {
    const html = `<figure data-size="inline"><img src="${upload}" alt="" /></figure>`;
    const out = renderResponsiveImages(html, known, sizes);
    expect(out).toContain('sizes="288px"');
    expect(out).not.toContain('sizes="720px"');
    expect(out).toContain(
      `<img src="/images/uploads/${id}.w1920.jpg" alt="" width="2400" height="1600"`,
    );
  });

  it("leaves the site's own images, unknown uploads and everything else as they were", () => {
    const html = `<figure data-size="full"><img src="/images/articles/cloud.svg" alt="Cloud" width="800" height="600" /></figure><p><img src="/images/uploads/${"f".repeat(32)}.png" alt="x" /> and <code>&lt;img src="${upload}"&gt;</code></p>`;
    expect(renderResponsiveImages(html, known, sizes)).toBe(html);
    expect(listUploadImages(html)).toEqual([`/images/uploads/${"f".repeat(32)}.png`]);
  });
});
