// Image uploads over HTTP against the built site: a good PNG is stored in the database under a
// random name and served with immutable caching and the strict CSP; GIF, pictures of too many
// pixels and files whose bytes are not an image are refused with clear messages and nothing
// stored (oversized files: image-phone-photos.test.ts); only a signed-in admin on this site may
// upload. Files put in the uploads folder after start are never served. /healthz checks the image
// cache's disk (a real, small tmpfs); while that disk cannot be written, images are sent from the
// database.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notAnImageMessage, unreadableImageMessage } from "~/capabilities/media/image-rules";
import { logInCookie, resetLoginThrottles } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { type ImageFile, postImage } from "../support/image-upload";
import { makePngChunk } from "../support/png-bytes";
import { mountSmallDisk, type SmallDisk } from "../support/small-disk";
import { startTestSite, type TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** A real 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A valid black-and-white PNG of the given size: its rows of zero bits compress to almost
 * nothing, so a tiny file can declare a picture that takes gigabytes to decode. paddingBytes adds
 * a private chunk that makes the file as large as a photo.
 */
function makePng(width: number, height: number, paddingBytes = 0): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, grayscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Uint8Array.from(
    Buffer.concat([
      png.subarray(0, 8),
      makePngChunk("IHDR", header),
      makePngChunk("IDAT", deflateSync(rows, { level: 9 })),
      ...(paddingBytes > 0 ? [makePngChunk("paDd", Buffer.alloc(paddingBytes))] : []),
      makePngChunk("IEND", new Uint8Array()),
    ]),
  );
}

/** What the database holds of uploads: their rows and their stored bytes. */
async function countStored(site: TestSite): Promise<{ rows: number; blobs: number }> {
  const { db } = site.services;
  const rows = await db.selectFrom("uploaded_images").select("name").execute();
  const blobs = await db.selectFrom("image_blobs").select("sha256").execute();
  return { rows: rows.length, blobs: blobs.length };
}

/** The uploads the media library lists. */
async function listLibraryUploads(site: TestSite, cookie: string): Promise<string[]> {
  const library = await fetch(`${site.url}/images`, { headers: { cookie } });
  expect(library.status).toBe(200);
  const html = await library.text();
  return [...new Set(html.match(/\/images\/uploads\/[\w.-]+/g))].sort();
}

function upload(
  site: TestSite,
  file: ImageFile,
  options: { cookie?: string; origin?: string } = {},
) {
  return postImage(site.url, file, options);
}

describe.each(getTestDatabaseKinds())("image uploads on $name", (kind) => {
  let site: TestSite;
  let uploadsDir: string;
  let cookie: string;

  useUploadsSite(kind, {
    started: (started, folder) => {
      site = started;
      uploadsDir = folder;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  it("stores a PNG in the database under a random name and serves it for good with the strict CSP", async () => {
    const before = await countStored(site);
    const response = await upload(
      site,
      { bytes: png, name: "../../evil name.png", type: "image/png" },
      { cookie },
    );
    expect(response.status).toBe(201);
    const { image } = (await response.json()) as { image: { url: string; bytes: number } };
    expect(image.url).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.png$/);

    const served = await fetch(`${site.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // Stored as written again by sharp (issue 18: metadata removed), the same picture.
    const servedBytes = Buffer.from(await served.arrayBuffer());
    expect(image.bytes).toBe(servedBytes.length);
    expect(await sharp(servedBytes).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
    // In the database, not the uploads folder.
    expect(await countStored(site)).toEqual({ rows: before.rows + 1, blobs: before.blobs + 1 });
    expect(await readdir(uploadsDir)).toEqual([]);

    const library = await fetch(`${site.url}/images`, { headers: { cookie } });
    expect(library.status).toBe(200);
    expect(await library.text()).toContain(image.url);
  });

  it("refuses a GIF, even one named .png, with 415 and stores nothing", async () => {
    const before = await countStored(site);
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    for (const name of ["logo.gif", "logo.png"]) {
      const response = await upload(site, { bytes: gif, name, type: "image/png" }, { cookie });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { message: string }).message).toBe(
        "Only PNG, JPEG, WebP and SVG images can be uploaded. GIF and other files are refused.",
      );
    }
    expect(await countStored(site)).toEqual(before);
  });

  it("refuses a file whose bytes are not an image with 400, whatever its name and type say", async () => {
    const response = await upload(
      site,
      {
        bytes: new TextEncoder().encode("MZ not a picture"),
        name: "photo.jpg",
        type: "image/jpeg",
      },
      { cookie },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(notAnImageMessage);
  });

  it("refuses an empty form with 400 and a body that is no form with 415", async () => {
    const empty = await fetch(`${site.url}/api/admin/images`, {
      method: "POST",
      body: new FormData(),
      headers: { origin: site.url, cookie },
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(
      "Choose an image file to upload",
    );

    const json = await fetch(`${site.url}/api/admin/images`, {
      method: "POST",
      body: "{}",
      headers: { origin: site.url, cookie, "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
  });

  it("refuses a small PNG declaring 20000 × 20000 pixels with 413 naming the limit, and stores nothing", async () => {
    const before = await countStored(site);
    const bomb = makePng(20000, 20000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const response = await upload(
      site,
      { bytes: bomb, name: "bomb.png", type: "image/png" },
      { cookie },
    );
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await response.json()) as { message: string }).message).toBe(
      "The image is 20000 × 20000 pixels (400 megapixels); images may have at most 40 megapixels (for example 8000 × 5000). Please scale it down and upload it again.",
    );
    expect(await countStored(site)).toEqual(before);
  });

  it("takes a picture of exactly 40 megapixels and refuses one row more", async () => {
    const atLimit = await upload(
      site,
      { bytes: makePng(8000, 5000), name: "large.png", type: "image/png" },
      { cookie },
    );
    expect(atLimit.status).toBe(201);
    const over = await upload(
      site,
      { bytes: makePng(8000, 5001), name: "larger.png", type: "image/png" },
      { cookie },
    );
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toMatch(
      /^The image is 8000 × 5001 pixels \(40\.01 megapixels\); images may have at most 40 megapixels/,
    );
  });

  it("refuses an image whose header is cut short with 400 and stores nothing", async () => {
    const before = await countStored(site);
    const response = await upload(
      site,
      { bytes: Uint8Array.from(png.subarray(0, 18)), name: "cut.png", type: "image/png" },
      { cookie },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(unreadableImageMessage);
    expect(await countStored(site)).toEqual(before);
  });

  it("neither lists nor serves files put in the uploads folder after start, nor unknown names", async () => {
    const listed = await listLibraryUploads(site, cookie);
    // Imported at boot only: a file put there later is not an upload of this site.
    const stray = `${"b".repeat(32)}.png`;
    await writeFile(join(uploadsDir, stray), png);
    await writeFile(join(uploadsDir, ".half-written.png"), png.subarray(0, 40));
    expect(await listLibraryUploads(site, cookie)).toEqual(listed);
    for (const name of [stray, ".half-written.png", `${"c".repeat(32)}.jpg`]) {
      const served = await fetch(`${site.url}/images/uploads/${name}`);
      expect(served.status).toBe(404);
      expect(served.headers.get("content-type")).not.toBe("image/png");
    }
  });

  it("answers 401 without a session and 403 to another site; /images sends visitors to login", async () => {
    const anonymous = await upload(site, { bytes: png, name: "a.png", type: "image/png" });
    expect(anonymous.status).toBe(401);
    const crossSite = await upload(
      site,
      { bytes: png, name: "a.png", type: "image/png" },
      { cookie, origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);

    const page = await fetch(`${site.url}/images`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
  });
});

describe.each(getTestDatabaseKinds())("the image cache on a small disk on $name", (kind) => {
  let site: TestSite;
  let disk: SmallDisk;
  let cookie: string;

  beforeAll(async () => {
    disk = await mountSmallDisk(12 * 1024 * 1024);
    site = await startTestSite(await kind.create(), { IMAGE_CACHE_DIR: join(disk.dir, "cache") });
  });

  afterAll(async () => {
    await site?.close();
    await disk?.unmount();
  });

  beforeEach(async () => {
    await disk.empty();
    await resetLoginThrottles(site);
    cookie = await logInCookie(site);
  });

  it("/healthz fails while the image cache's disk has less than 8 MB free, and recovers", async () => {
    const healthy = await fetch(`${site.url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(((await healthy.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      imageCache: "ok",
      imageCacheDiskSpace: "ok",
    });

    await disk.fill(4 * 1024 * 1024);
    const short = await fetch(`${site.url}/healthz`);
    expect(short.status).toBe(503);
    const report = (await short.json()) as { message: string; checks: Record<string, string> };
    expect(report.message).toBe("Failing: imageCacheDiskSpace");
    expect(report.checks.imageCacheDiskSpace).toMatch(
      /^failed: only (3\.9|4\.0) MB free, at least 8\.0 MB needed$/,
    );
    expect(report.checks.imageCache).toBe("ok");

    await disk.empty();
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("takes uploads while the cache cannot be written, sends them and their sizes from the database, and /healthz says so", async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#2a6fb0" },
    })
      .png()
      .toBuffer();
    await disk.setReadOnly(true);
    try {
      const response = await upload(
        site,
        { bytes: photo, name: "small.png", type: "image/png" },
        { cookie },
      );
      expect(response.status).toBe(201);
      const health = await fetch(`${site.url}/healthz`);
      expect(health.status).toBe(503);
      expect(
        ((await health.json()) as { checks: Record<string, string> }).checks.imageCache,
      ).toMatch(/^failed: EROFS/);
      const { image } = (await response.json()) as { image: { url: string; bytes: number } };
      const stored = await site.services.db
        .selectFrom("image_blobs")
        .innerJoin("uploaded_images", "uploaded_images.blob_sha256", "image_blobs.sha256")
        .select("image_blobs.bytes")
        .where("uploaded_images.name", "=", image.url.split("/").pop() ?? "")
        .executeTakeFirstOrThrow();
      // The original: the database's bytes, cached for good as ever; twice, nothing was kept.
      for (const _ of [1, 2]) {
        const served = await fetch(`${site.url}${image.url}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/png");
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(stored.bytes))).toBe(
          true,
        );
      }
      // A size, made from those bytes and sent though it cannot be kept.
      const id = image.url.slice("/images/uploads/".length, -".png".length);
      const variant = await fetch(`${site.url}/images/uploads/${id}.w640.webp`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      const size = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect([size.format, size.width, size.height]).toEqual(["webp", 640, 427]);
      expect(await readdir(join(disk.dir, "cache"))).toEqual([]);
    } finally {
      await disk.setReadOnly(false);
    }
  });
});
