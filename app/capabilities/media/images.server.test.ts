// Magic-byte detection, the uploads folder (read once, for the import), and uploads' names.
import { describe, expect, it } from "vitest";
import { getUploadsDir } from "~/platform/config.server";
import { createUploadName, detectImageKind, uploadName } from "./images.server";

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const webp = [0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50];

describe("detectImageKind", () => {
  it("recognises PNG, JPEG and WebP by their first bytes", () => {
    expect(detectImageKind(Uint8Array.from(png))).toBe("png");
    expect(detectImageKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe("jpeg");
    expect(detectImageKind(Uint8Array.from(webp))).toBe("webp");
  });

  it("refuses SVG, text named .png, a RIFF that is not WebP, and empty files", () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(detectImageKind(svg)).toBeUndefined();
    expect(detectImageKind(new TextEncoder().encode("not really a png"))).toBeUndefined();
    expect(detectImageKind(Uint8Array.from([...webp.slice(0, 8), 0x41, 0x56, 0x49, 0x20]))).toBe(
      undefined,
    );
    expect(detectImageKind(new Uint8Array())).toBeUndefined();
  });
});

describe("getUploadsDir", () => {
  it("keeps uploads next to the SQLite file unless UPLOADS_DIR says otherwise", () => {
    expect(getUploadsDir({ DATABASE_URL: "file:/srv/site/site.db", UPLOADS_DIR: undefined })).toBe(
      "/srv/site/uploads",
    );
    expect(
      getUploadsDir({ DATABASE_URL: "file:/srv/site/site.db", UPLOADS_DIR: "/var/media" }),
    ).toBe("/var/media");
  });
});

describe("createUploadName", () => {
  it("names an upload at random with its kind's extension, never the same twice", () => {
    const names = new Set(Array.from({ length: 50 }, () => createUploadName("jpeg")));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(uploadName);
    expect(createUploadName("webp")).toMatch(/^[0-9a-f]{32}\.webp$/);
  });
});
