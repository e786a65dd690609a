// Image privacy and sizes over HTTP against the built site (issue 18): an upload's EXIF (GPS
// position, description), XMP and IPTC never leave the server, neither in the original as served
// nor in any size; photos are served upright; bombs, non-images and other image types are refused
// with nothing stored; CMYK and animated inputs are handled; each size is made once however many
// ask at once, cached for good, never wider than the original, and page serving stays quick while
// a burst of new sizes is being made.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  describeTooManyPixels,
  notAnImageMessage,
  unsupportedImageMessage,
} from "~/capabilities/media/image-rules";
import {
  getVariantContentType,
  getVariantUrl,
  listVariantFormats,
  listVariantWidths,
  parseUploadUrl,
} from "~/capabilities/media/image-variants";
import { logInCookie, resetLoginThrottles } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { postImage, uploadImage } from "../support/image-upload";
import { makePngChunk } from "../support/png-bytes";
import { startTestSite, type TestSite } from "../support/test-site";

const marker = "PRIVATE-MARKER-9b41e";
const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${marker}</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A photo-like picture (noise compresses like a photo), in the given size. */
function makePhoto(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  });
}

/**
 * A phone's JPEG, 1000 × 750 as stored but turned (EXIF orientation 6, so 750 × 1000 upright),
 * with the marker in its EXIF description and its XMP, and a GPS position. Its size does not
 * matter here (phone-sized photos have tests of their own); each variant made costs CPU.
 */
async function makePhoneJpeg(): Promise<Buffer> {
  return makePhoto(1000, 750)
    .jpeg({ quality: 70 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { ImageDescription: marker, Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSVersionID: "2 3 0 0", GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
    })
    .withXmp(xmp)
    .toBuffer();
}

/** No EXIF, XMP or IPTC, no GPS block and no marker anywhere in these bytes. */
async function expectNoMetadata(bytes: Buffer, where: string) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif, `${where} EXIF`).toBeUndefined();
  expect(metadata.xmp, `${where} XMP`).toBeUndefined();
  expect(metadata.iptc, `${where} IPTC`).toBeUndefined();
  expect(bytes.includes(marker), `${where} marker`).toBe(false);
  expect(bytes.includes("Exif\0\0"), `${where} EXIF header`).toBe(false);
  expect(bytes.includes("PhoneMaker"), `${where} camera make`).toBe(false);
  expect(bytes.includes("adobe:ns:meta"), `${where} XMP packet`).toBe(false);
}

/** A valid 1-bit PNG of zeros: a file of a few hundred KB that declares a huge picture. */
function makeBlankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    makePngChunk("IHDR", header),
    makePngChunk("IDAT", deflateSync(rows, { level: 9 })),
    makePngChunk("IEND", new Uint8Array()),
  ]);
}

type Uploaded = { status: number; body: { message: string; image?: { url: string } } };

describe.each(getTestDatabaseKinds())("image variants and privacy on $name", (kind) => {
  let site: TestSite;
  let folder: string;
  let cookie: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "variants-"));
    site = await startTestSite(await kind.create(), {
      UPLOADS_DIR: join(folder, "uploads"),
      IMAGE_CACHE_DIR: join(folder, "cache"),
    });
  });
  afterAll(async () => {
    await site?.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetLoginThrottles(site);
    cookie = await logInCookie(site);
  });

  async function upload(bytes: Uint8Array, name: string, type = "image/jpeg"): Promise<Uploaded> {
    const response = await postImage(site.url, { bytes, name, type }, { cookie });
    return { status: response.status, body: (await response.json()) as Uploaded["body"] };
  }

  async function uploadUrl(bytes: Uint8Array, name: string, type?: string): Promise<string> {
    const answer = await upload(bytes, name, type);
    expect(answer.status, answer.body.message).toBe(201);
    const url = answer.body.image?.url;
    if (!url) throw new Error("no image in the answer");
    return url;
  }

  async function listLibrary(): Promise<string[]> {
    const response = await fetch(`${site.url}/api/admin/images`, { headers: { cookie } });
    const { images } = (await response.json()) as { images: Array<{ url: string }> };
    return images.map((image) => image.url).sort();
  }

  async function get(path: string, init?: RequestInit) {
    const response = await fetch(`${site.url}${path}`, init);
    return {
      response,
      bytes: Buffer.from(await response.arrayBuffer()),
      outcome: /desc="([^"]+)"/.exec(response.headers.get("server-timing") ?? "")?.[1],
    };
  }

  /** Every size address the pages may ask for: each width × format offered for this upload. */
  function listVariantUrls(url: string, width: number) {
    const upload = parseUploadUrl(url);
    if (!upload) throw new Error(`not an upload: ${url}`);
    return listVariantWidths(width).flatMap((w) =>
      listVariantFormats(upload.extension).map((format) => ({
        url: getVariantUrl(upload.id, w, format),
        width: w,
        format,
      })),
    );
  }

  it("serves no byte of a phone photo's EXIF, GPS or XMP, in the original or any size, and serves it upright", async () => {
    const photo = await makePhoneJpeg();
    // The upload really carries what must not leak.
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.includes(marker)).toBe(true);
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer
    expect(sent.xmpAsString).toContain(marker);

    const url = await uploadUrl(photo, "IMG_0001.jpg");
    const original = await get(url);
    expect(original.response.status).toBe(200);
    await expectNoMetadata(original.bytes, "original");
    const upright = await sharp(original.bytes).metadata();
    expect([upright.width, upright.height]).toEqual([750, 1000]);
    expect(upright.orientation).toBeUndefined();

    const variants = listVariantUrls(url, 750);
    expect(variants.length).toBe(9); // 320, 640 and 750 in AVIF, WebP and JPEG
    for (const variant of variants) {
      const served = await get(variant.url);
      expect(served.response.status, variant.url).toBe(200);
      expect(served.response.headers.get("content-type")).toBe(
        getVariantContentType(variant.format),
      );
      await expectNoMetadata(served.bytes, variant.url);
      const metadata = await sharp(served.bytes).metadata();
      expect(metadata.width, variant.url).toBe(variant.width);
      // Upright and not cropped: the aspect ratio of the upright photo, 3:4.
      expect(metadata.height, variant.url).toBe(Math.round((variant.width * 1000) / 750));
    }
  }, 90_000);

  it("refuses a 20000 × 20000 picture with 413, a text file named .jpg with 400 and a GIF with 415, storing nothing", async () => {
    const before = await listLibrary();
    const bomb = makeBlankPng(20000, 20000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const tooBig = await upload(bomb, "bomb.png", "image/png");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(describeTooManyPixels(20000, 20000));

    const text = await upload(new TextEncoder().encode("Dear team, the meeting..."), "photo.jpg");
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(notAnImageMessage);

    const gif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .gif()
      .toBuffer();
    const gifAnswer = await upload(gif, "anim.jpg", "image/jpeg");
    expect(gifAnswer.status).toBe(415);
    expect(gifAnswer.body.message).toBe(unsupportedImageMessage);

    // A JPEG whose header is whole but whose picture stops halfway.
    const photo = await makePhoto(600, 400).jpeg().toBuffer();
    const cut = await upload(photo.subarray(0, photo.length >> 1), "cut.jpg");
    expect(cut.status).toBe(400);
    expect(cut.body.message).toMatch(/could not be read/);

    expect(await listLibrary()).toEqual(before);
  });

  it("takes a CMYK JPEG, converted to sRGB, and serves its sizes", async () => {
    const cmyk = await makePhoto(700, 500).toColourspace("cmyk").jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    const url = await uploadUrl(cmyk, "print.jpg");
    const original = await get(url);
    const metadata = await sharp(original.bytes).metadata();
    expect(metadata.space).toBe("srgb");
    expect(metadata.channels).toBe(3);
    for (const variant of listVariantUrls(url, 700)) {
      const served = await get(variant.url);
      expect(served.response.status, variant.url).toBe(200);
      expect((await sharp(served.bytes).metadata()).width).toBe(variant.width);
    }
  });

  it("keeps the first frame of an animated WebP, as a still", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 64, height: 48, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#f00"), await frame("#0f0"), await frame("#00f")], {
      join: { animated: true },
    })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const url = await uploadUrl(animated, "spinner.webp", "image/webp");
    const original = await get(url);
    const metadata = await sharp(original.bytes).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    expect([metadata.width, metadata.height]).toEqual([64, 48]);
    const { dominant } = await sharp(original.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(50);
  });

  it("serves each size in its type, never wider than the original, cached for good", async () => {
    const url = await uploadUrl(
      await makePhoto(1000, 750).png().toBuffer(),
      "diagram.png",
      "image/png",
    );
    const upload = parseUploadUrl(url);
    if (!upload) throw new Error("not an upload");
    expect(listVariantWidths(1000)).toEqual([320, 640, 768, 960, 1000]);
    expect(listVariantFormats("png")).toEqual(["avif", "webp", "png"]);

    const first = await get(getVariantUrl(upload.id, 640, "png"));
    expect(first.response.status).toBe(200);
    expect(first.outcome).toBe("rendered");
    expect(first.response.headers.get("content-type")).toBe("image/png");
    expect(first.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(first.bytes).metadata()).width).toBe(640);

    const started = performance.now();
    const again = await get(getVariantUrl(upload.id, 640, "png"));
    expect(again.outcome).toBe("cached");
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // Answered from memory ahead of Express, with the same headers as any other answer.
    expect(again.response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(again.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(again.response.headers.get("x-frame-options")).toBe("DENY");
    expect(again.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(performance.now() - started).toBeLessThan(500);

    const head = await fetch(`${site.url}${getVariantUrl(upload.id, 640, "png")}`, {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(first.bytes.length);
    expect(head.headers.get("content-type")).toBe("image/png");

    for (const path of [
      getVariantUrl(upload.id, 1280, "avif"), // wider than the original
      getVariantUrl(upload.id, 1920, "png"),
      getVariantUrl(upload.id, 500, "webp"), // not a width of the set
      getVariantUrl(upload.id, 640, "jpg"), // a PNG upload has no JPEG
      getVariantUrl("0".repeat(32), 640, "avif"), // no such upload
    ]) {
      const missing = await get(path);
      expect(missing.response.status, path).toBe(404);
      expect(missing.response.headers.get("cache-control")).not.toContain("immutable");
    }
  });

  it("stops serving the sizes of an image once it is deleted", async () => {
    const url = await uploadUrl(await makePhoto(700, 400).jpeg().toBuffer(), "gone.jpg");
    const upload = parseUploadUrl(url);
    if (!upload) throw new Error("not an upload");
    const path = getVariantUrl(upload.id, 640, "webp");
    expect((await get(path)).outcome).toBe("rendered");
    expect((await get(path)).outcome).toBe("cached");
    const deleted = await fetch(`${site.url}/api/admin/images/${upload.id}.jpg`, {
      method: "DELETE",
      headers: { origin: site.url, cookie },
    });
    expect(deleted.status).toBe(200);
    expect((await get(path)).response.status).toBe(404);
    expect((await get(url)).response.status).toBe(404);
  });

  it("makes a new size once when many ask for it at the same moment", async () => {
    const url = await uploadUrl(await makePhoto(1600, 1200).jpeg().toBuffer(), "team.jpg");
    const upload = parseUploadUrl(url);
    if (!upload) throw new Error("not an upload");
    const path = getVariantUrl(upload.id, 1280, "avif");
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(path)));
    expect(answers.map((answer) => answer.response.status)).toEqual(Array(8).fill(200));
    const outcomes = answers.map((answer) => answer.outcome).sort();
    expect(outcomes).toEqual([
      "joined",
      "joined",
      "joined",
      "joined",
      "joined",
      "joined",
      "joined",
      "rendered",
    ]);
    for (const answer of answers)
      expect(answer.bytes.equals(answers[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect((await get(path)).outcome).toBe("cached");
  });

  it("keeps answering pages quickly while a burst of new sizes is made", async () => {
    const url = await uploadUrl(await makePhoto(1920, 1280).jpeg().toBuffer(), "burst.jpg");
    // Warm: the home page's first render is not what is measured.
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    // The large sizes in every format: seconds of work for the image queue.
    const burst = listVariantUrls(url, 1920).filter((variant) => variant.width >= 960);
    expect(burst.length).toBeGreaterThanOrEqual(9);
    let burstDone = false;
    const all = Promise.all(burst.map((variant) => get(variant.url))).finally(() => {
      burstDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const page = await fetch(`${site.url}/`);
      await page.text();
      expect(page.status).toBe(200);
      times.push(performance.now() - started);
    }
    // Measured while the sizes were still being made, not after.
    expect(burstDone).toBe(false);
    const answers = await all;
    expect(answers.every((answer) => answer.response.status === 200)).toBe(true);
    // Every size was made, none refused or swapped for the original: the queue took the burst.
    expect(answers.filter((answer) => answer.outcome === "rendered").length).toBe(burst.length);
    expect(Math.max(...times)).toBeLessThan(1000);
  }, 120_000);
});

describe("image variants when the render queue is full", () => {
  const [kind] = getTestDatabaseKinds();
  let site: TestSite;
  let folder: string;

  beforeAll(async () => {
    if (!kind) throw new Error("no database kind");
    folder = await mkdtemp(join(tmpdir(), "variants-busy-"));
    site = await startTestSite(
      await kind.create(),
      { UPLOADS_DIR: join(folder, "uploads"), IMAGE_CACHE_DIR: join(folder, "cache") },
      { imageVariants: { concurrency: 1, queueLimit: 1 } },
    );
  });
  afterAll(async () => {
    await site?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("serves the original for a minute to the requests past the queue, and makes the size later", async () => {
    await resetLoginThrottles(site);
    const cookie = await logInCookie(site);
    const photo = await makePhoto(1920, 1280).jpeg().toBuffer();
    const image = {
      url: await uploadImage(site.url, cookie, {
        bytes: photo,
        name: "wide.jpg",
        type: "image/jpeg",
      }),
    };
    const upload = parseUploadUrl(image.url);
    if (!upload) throw new Error("not an upload");
    const original = Buffer.from(await (await fetch(`${site.url}${image.url}`)).arrayBuffer());

    const paths = listVariantWidths(1920).flatMap((width) =>
      listVariantFormats("jpg").map((format) => getVariantUrl(upload.id, width, format)),
    );
    const answers = await Promise.all(paths.map((path) => fetch(`${site.url}${path}`)));
    const outcomes = answers.map(
      (answer) => /desc="([^"]+)"/.exec(answer.headers.get("server-timing") ?? "")?.[1],
    );
    // One made at once and one waiting: all the others get the original.
    expect(outcomes.filter((outcome) => outcome === "rendered")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === "original-busy")).toHaveLength(
      paths.length - 2,
    );
    for (const [index, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (outcomes[index] === "original-busy") {
        expect(answer.headers.get("content-type")).toBe("image/jpeg");
        expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
        expect(bytes.equals(original)).toBe(true);
      } else {
        expect(answer.headers.get("cache-control")).toContain("immutable");
      }
    }
    // A size refused for want of room is made on a later request, not remembered as failed.
    const busy = paths[outcomes.indexOf("original-busy")] ?? "";
    const later = await fetch(`${site.url}${busy}`);
    expect(later.headers.get("server-timing")).toContain('desc="rendered"');
    expect(later.headers.get("cache-control")).toContain("immutable");
  }, 60_000);
});
