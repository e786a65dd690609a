// Magic-byte detection, the uploads folder, and storing an upload whole.
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getUploadsDir } from "~/platform/config.server";
import { detectImageKind, storeUploadedImage } from "./images.server";

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

describe("storeUploadedImage", () => {
  let uploadsDir: string;

  beforeEach(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), "uploads-"));
  });

  afterEach(async () => {
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("stores the bytes under a random name and leaves no temporary file", async () => {
    const bytes = Uint8Array.from(png);
    const stored = await storeUploadedImage(uploadsDir, bytes, "png");
    expect(stored.url).toBe(`/images/uploads/${stored.name}`);
    expect(await readdir(uploadsDir)).toEqual([stored.name]);
    expect(new Uint8Array(await readFile(join(uploadsDir, stored.name)))).toEqual(bytes);
  });

  it("removes a crash's temporary files an hour old, not those of an upload under way", async () => {
    const stale = `.upload-${"1".repeat(32)}.tmp`;
    const writing = `.upload-${"2".repeat(32)}.tmp`;
    await writeFile(join(uploadsDir, stale), "half");
    await writeFile(join(uploadsDir, writing), "half");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(uploadsDir, stale), twoHoursAgo, twoHoursAgo);

    const stored = await storeUploadedImage(uploadsDir, Uint8Array.from(png), "png");
    expect((await readdir(uploadsDir)).sort()).toEqual([writing, stored.name].sort());
  });
});
