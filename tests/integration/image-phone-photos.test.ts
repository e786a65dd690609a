// Photos as a phone makes them, over HTTP against the built site: a large JPEG taken sideways
// with GPS in its EXIF is taken, stored scaled to a 2560 px long edge, upright and without
// metadata, and the library shows what was kept and what was uploaded; files over 25 MB are
// refused with 413; a HEIC photo is converted where this sharp decodes HEIC and else refused with
// how to export a JPEG.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { canDecodeHeic } from "~/capabilities/media/image-processing.server";
import {
  heicUnsupportedMessage,
  imageTooLargeMessage,
  maxImageBytes,
  maxUploadBodyBytes,
} from "~/capabilities/media/image-rules";
import { getTestDatabaseKinds } from "../support/databases";
import { postImage } from "../support/image-upload";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const marker = "PHONE-MARKER-51c2";

/** A phone's 12 MP photo, 4000 × 3000 as stored, taken upright (EXIF orientation 6), with GPS. */
async function makePhonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { ImageDescription: marker, Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSVersionID: "2 3 0 0", GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
    })
    .toBuffer();
}

type Uploaded = {
  message: string;
  image?: {
    url: string;
    bytes: number;
    width?: number;
    height?: number;
    original?: { bytes: number; width?: number; height?: number };
  };
};

describe.each(getTestDatabaseKinds())("photos from a phone on $name", (kind) => {
  let site: TestSite;
  let cookie: string;
  useUploadsSite(kind, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  it("takes a 5+ MB sideways photo and keeps it at 2560 px on its long edge, upright, with no EXIF or GPS", async () => {
    const photo = await makePhonePhoto();
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const response = await postImage(
      site.url,
      { bytes: photo, name: "IMG_2041.jpg", type: "image/jpeg" },
      { cookie },
    );
    const body = (await response.json()) as Uploaded;
    expect(response.status, body.message).toBe(201);
    const image = body.image;
    if (!image) throw new Error("no image in the answer");

    const served = await fetch(`${site.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    const stored = await sharp(bytes).metadata();
    // Upright: the sideways 4000 × 3000 is 3000 × 4000 standing, then scaled to 2560 tall.
    expect([stored.width, stored.height]).toEqual([1920, 2560]);
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(bytes.includes(marker)).toBe(false);
    expect(bytes.includes("PhoneMaker")).toBe(false);
    expect(bytes.length).toBeLessThan(photo.length);

    // The library knows both: what is kept, and what was uploaded.
    expect(image).toMatchObject({
      bytes: bytes.length,
      width: 1920,
      height: 2560,
      original: { bytes: photo.length, width: 3000, height: 4000 },
    });
    const library = await fetch(`${site.url}/images`, { headers: { cookie } });
    const html = await library.text();
    expect(html).toContain("Stored: <!-- -->1920 × 2560 px");
    expect(html).toMatch(/Uploaded: <!-- -->3000 × 4000 px, \d+\.\d\d MB/);
  }, 60_000);

  it("refuses a file over 25 MB with 413 and the limit in words, and a larger request outright", async () => {
    const photo = await makePhonePhoto();
    const tooBig = Buffer.concat([photo, Buffer.alloc(maxImageBytes + 1 - photo.length)]);
    const response = await postImage(
      site.url,
      { bytes: tooBig, name: "huge.jpg", type: "image/jpeg" },
      { cookie },
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as Uploaded).message).toBe(imageTooLargeMessage);

    const wayTooBig = Buffer.alloc(maxUploadBodyBytes + 1);
    const request = await postImage(
      site.url,
      { bytes: wayTooBig, name: "way.jpg", type: "image/jpeg" },
      { cookie },
    );
    expect(request.status).toBe(413);
  }, 60_000);

  it(`answers a HEIC photo as this server's sharp can (${canDecodeHeic() ? "converts it" : "cannot decode HEVC"})`, async () => {
    if (canDecodeHeic()) {
      const heic = await sharp({
        create: { width: 800, height: 600, channels: 3, background: "#3366aa" },
      })
        .heif({ compression: "hevc" })
        .toBuffer();
      const response = await postImage(
        site.url,
        { bytes: heic, name: "IMG_0001.HEIC", type: "image/heic" },
        { cookie },
      );
      expect(response.status).toBe(201);
      expect(((await response.json()) as Uploaded).image?.url).toMatch(/\.jpg$/);
      return;
    }
    // The start of an iPhone's HEIC: its ftyp box names the heic brand.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
      Buffer.alloc(4096, 7),
    ]);
    const response = await postImage(
      site.url,
      { bytes: heic, name: "IMG_0001.HEIC", type: "image/heic" },
      { cookie },
    );
    expect(response.status).toBe(415);
    const { message } = (await response.json()) as Uploaded;
    expect(message).toBe(heicUnsupportedMessage);
    expect(message).toContain("Settings > Camera > Formats");
    expect(message).toContain("Most Compatible");
  });
});
