// prepareUploadedImage and renderImageVariant on real bytes made by sharp, and the render queue
// that keeps a burst of new images from starving page serving (the sizes handler over HTTP:
// tests/integration/image-variants.test.ts).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  createRenderQueue,
  ImageRefusal,
  isOtherImageType,
  prepareUploadedImage,
  renderImageVariant,
} from "./image-processing.server";
import { notAnImageMessage } from "./image-rules";

function makePicture(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  });
}

async function refusalOf(bytes: Uint8Array): Promise<ImageRefusal> {
  const error = await prepareUploadedImage(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ImageRefusal)) throw new Error("expected a refusal");
  return error;
}

describe("prepareUploadedImage", () => {
  it("writes a JPEG again upright and without EXIF or XMP", async () => {
    const photo = await makePicture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 8 })
      .withExifMerge({ IFD0: { Artist: "Someone Private" } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')
      .toBuffer();
    const prepared = await prepareUploadedImage(photo);
    expect(prepared).toMatchObject({ kind: "jpeg", width: 200, height: 300 });
    const metadata = await sharp(prepared.bytes).metadata();
    expect([metadata.width, metadata.height, metadata.exif, metadata.xmp]).toEqual([
      200,
      300,
      undefined,
      undefined,
    ]);
    expect(Buffer.from(prepared.bytes).includes("Someone Private")).toBe(false);
  });

  it("keeps PNG text chunks out and a lossless WebP lossless", async () => {
    const png = await makePicture(40, 30)
      .png()
      .withExifMerge({ IFD0: { Copyright: "secret-owner" } })
      .toBuffer();
    const prepared = await prepareUploadedImage(png);
    expect(prepared.kind).toBe("png");
    expect(Buffer.from(prepared.bytes).includes("secret-owner")).toBe(false);

    const lossless = await makePicture(40, 30).webp({ lossless: true }).toBuffer();
    const kept = await prepareUploadedImage(lossless);
    const [before, after] = await Promise.all([
      sharp(lossless).raw().toBuffer(),
      sharp(kept.bytes).raw().toBuffer(),
    ]);
    expect(after.equals(before)).toBe(true);
  });

  it("refuses more than 40 megapixels with 413 naming the size, without decoding it", async () => {
    const refusal = await refusalOf(
      await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer(),
    );
    expect(refusal.status).toBe(413);
    expect(refusal.message).toMatch(/^The image is 8000 × 5001 pixels/);
  });

  it("answers 400 for bytes that are no image and 415 for other image types", async () => {
    const text = await refusalOf(new TextEncoder().encode("just some words"));
    expect([text.status, text.message]).toEqual([400, notAnImageMessage]);
    const tiff = await refusalOf(await makePicture(8, 8).tiff().toBuffer());
    expect(tiff.status).toBe(415);
    expect(isOtherImageType(new TextEncoder().encode('<?xml version="1.0"?>\n<svg>'))).toBe(true);
    expect(isOtherImageType(new TextEncoder().encode("<html><svg>"))).toBe(false);
  });
});

describe("renderImageVariant", () => {
  it("scales to the width in each format, keeping the aspect ratio", async () => {
    const original = await makePicture(1000, 500).jpeg().toBuffer();
    for (const format of ["avif", "webp", "jpg", "png"] as const) {
      const bytes = await renderImageVariant(original, 320, format);
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        format === "jpg" ? "jpeg" : format === "avif" ? "heif" : format,
        320,
        160,
      ]);
    }
  });
});

function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

describe("createRenderQueue", () => {
  it("runs at most `concurrency` tasks at once and refuses past the queue's limit", async () => {
    const queue = createRenderQueue(2, 1);
    let running = 0;
    let most = 0;
    const gates = [createGate(), createGate(), createGate()];
    const task = (index: number) => async () => {
      running++;
      most = Math.max(most, running);
      await gates[index]?.opened;
      running--;
      return index;
    };
    const first = queue.run(task(0));
    const second = queue.run(task(1));
    const third = queue.run(task(2));
    expect(queue.run(task(2))).toBeUndefined();
    for (const gate of gates) gate.open();
    expect(await Promise.all([first, second, third])).toEqual([0, 1, 2]);
    expect(most).toBe(2);
  });

  it("hands a failed task's slot to the next one", async () => {
    const queue = createRenderQueue(1, 2);
    const failing = queue.run(async () => {
      throw new Error("cannot decode");
    });
    const next = queue.run(async () => "made");
    await expect(failing).rejects.toThrow("cannot decode");
    expect(await next).toBe("made");
    // Both finished: the queue has room again for a full set.
    expect(queue.run(async () => 1)).toBeDefined();
    expect(queue.run(async () => 2)).toBeDefined();
    expect(queue.run(async () => 3)).toBeDefined();
  });
});
