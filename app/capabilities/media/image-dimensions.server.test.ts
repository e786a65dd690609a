// Reading the size an image declares from its header: real files made by Chromium's encoders,
// and headers that declare huge, zero or cut-short sizes.
import { describe, expect, it } from "vitest";
import { readImageDimensions } from "./image-dimensions.server";

const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, "base64"));
const fromHex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ""), "hex"));

/** A 3 × 2 PNG from Chromium's canvas. */
const png = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4AWL6z8DwH4aZGJAAAAAA//+GpNPhAAAABklEQVQDAHTzBf+1yIrkAAAAAElFTkSuQmCC",
);

/** A 3 × 2 baseline JPEG from Chromium's canvas (its ICC profile left out): APP0, 2 DQT, SOF0. */
const jpeg = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwg" +
    "IyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo" +
    "KCgoKCgoKCgoKCgoKCj/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAA" +
    "AAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdABykX//Z",
);
const jpegFrameHeader = jpeg.indexOf(0xc0, 2) - 1;

/** A RIFF WebP file around the given chunks. */
function webp(...chunks: Uint8Array[]): Uint8Array {
  const body = Buffer.concat([Buffer.from("WEBP"), ...chunks]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Uint8Array.from(Buffer.concat([Buffer.from("RIFF"), size, body]));
}

// The 3 × 2 lossy and lossless bitstreams Chromium's WebP encoder wrote.
const vp8Chunk = fromHex(`
  56503820 30000000 d001009d 012a0300 02000140 2625a002 74ba01f8 0003b000
  fef2eb7f fcd815cd 73eff7ff d2e0fd2e 0fd2e0ff d2900000`);
const vp8lChunk = fromHex("5650384c 0f000000 2f024000 000710fd 8ffe0722 a2ff0100");
/** The extended header Chromium writes before an image with a colour profile: 3 × 2. */
const vp8xChunk = fromHex("56503858 0a000000 20000000 02000001 0000");

function withBytes(bytes: Uint8Array, offset: number, values: number[]): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy.set(values, offset);
  return copy;
}

describe("readImageDimensions", () => {
  it("reads the size of real PNG, JPEG and WebP (lossy, lossless, extended) files", () => {
    expect(readImageDimensions(png, "png")).toEqual({ width: 3, height: 2 });
    expect(readImageDimensions(jpeg, "jpeg")).toEqual({ width: 3, height: 2 });
    expect(readImageDimensions(webp(vp8Chunk), "webp")).toEqual({ width: 3, height: 2 });
    expect(readImageDimensions(webp(vp8lChunk), "webp")).toEqual({ width: 3, height: 2 });
    expect(readImageDimensions(webp(vp8xChunk, vp8Chunk), "webp")).toEqual({
      width: 3,
      height: 2,
    });
  });

  it("reads the huge sizes a small file can declare", () => {
    // PNG IHDR: 20000 × 20000.
    expect(
      readImageDimensions(withBytes(png, 16, [0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20]), "png"),
    ).toEqual({ width: 20000, height: 20000 });
    // JPEG SOF0: 65535 × 65535, and the same as a progressive (SOF2) frame behind fill bytes.
    const hugeJpeg = withBytes(jpeg, jpegFrameHeader + 5, [0xff, 0xff, 0xff, 0xff]);
    expect(readImageDimensions(hugeJpeg, "jpeg")).toEqual({ width: 65535, height: 65535 });
    const progressive = Uint8Array.from([
      ...hugeJpeg.subarray(0, jpegFrameHeader),
      0xff,
      0xff,
      ...withBytes(hugeJpeg, jpegFrameHeader + 1, [0xc2]).subarray(jpegFrameHeader),
    ]);
    expect(readImageDimensions(progressive, "jpeg")).toEqual({ width: 65535, height: 65535 });
    // WebP: 16383 × 16383 lossy (the scale bits above 14 ignored), 16383 × 16384 lossless,
    // 2^24 × 2^24 extended.
    expect(
      readImageDimensions(webp(withBytes(vp8Chunk, 14, [0xff, 0xff, 0xff, 0xff])), "webp"),
    ).toEqual({ width: 16383, height: 16383 });
    expect(
      readImageDimensions(webp(withBytes(vp8lChunk, 9, [0xfe, 0xff, 0xff, 0x0f])), "webp"),
    ).toEqual({ width: 16383, height: 16384 });
    expect(
      readImageDimensions(
        webp(withBytes(vp8xChunk, 12, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff])),
        "webp",
      ),
    ).toEqual({ width: 16777216, height: 16777216 });
  });

  it("finds no size in a header that is cut short, damaged or declares zero pixels", () => {
    expect(readImageDimensions(png.subarray(0, 20), "png")).toBeUndefined();
    expect(
      readImageDimensions(withBytes(png, 12, [0x49, 0x44, 0x41, 0x54]), "png"),
    ).toBeUndefined();
    expect(readImageDimensions(withBytes(png, 16, [0, 0, 0, 0]), "png")).toBeUndefined();
    expect(readImageDimensions(jpeg.subarray(0, jpegFrameHeader + 6), "jpeg")).toBeUndefined();
    expect(readImageDimensions(jpeg.subarray(0, 3), "jpeg")).toBeUndefined();
    // Picture data (SOS) before any frame header, and garbage where a marker should be.
    expect(readImageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), "jpeg")).toBe(
      undefined,
    );
    expect(readImageDimensions(withBytes(jpeg, 20, [0x00]), "jpeg")).toBeUndefined();
    expect(readImageDimensions(withBytes(jpeg, jpegFrameHeader + 5, [0, 0]), "jpeg")).toBe(
      undefined,
    );
    expect(readImageDimensions(webp(vp8Chunk).subarray(0, 28), "webp")).toBeUndefined();
    expect(readImageDimensions(webp(withBytes(vp8Chunk, 11, [0])), "webp")).toBeUndefined();
    expect(readImageDimensions(webp(withBytes(vp8lChunk, 8, [0])), "webp")).toBeUndefined();
    expect(readImageDimensions(webp(fromHex("414c5048 00000000")), "webp")).toBeUndefined();
  });
});
