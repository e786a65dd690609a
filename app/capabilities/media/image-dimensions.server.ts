// Reads the width and height an uploaded image declares in its header, without decoding it, so
// a file that would take gigabytes to decode is refused before anything is stored.
import type { PictureKind } from "./images.server";

export type ImageDimensions = { width: number; height: number };

function hasAscii(view: DataView, offset: number, text: string): boolean {
  return [...text].every((char, index) => view.getUint8(offset + index) === char.charCodeAt(0));
}

function readUint24LE(view: DataView, offset: number): number {
  return view.getUint16(offset, true) | (view.getUint8(offset + 2) << 16);
}

// PNG: the signature, then the IHDR chunk (length, "IHDR", width, height as 32-bit big-endian).
function readPngDimensions(view: DataView): ImageDimensions | undefined {
  if (!hasAscii(view, 12, "IHDR")) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// JPEG frame headers (SOF0-SOF15) except DHT (C4), JPG (C8) and DAC (CC), which share the range.
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

// JPEG: walk the marker segments (APPn, DQT, ...) up to the frame header, which holds
// precision (1 byte), then height and width (2 bytes each, big-endian).
function readJpegDimensions(view: DataView): ImageDimensions | undefined {
  let offset = 2;
  for (;;) {
    if (view.getUint8(offset) !== 0xff) return undefined;
    const marker = view.getUint8(offset + 1);
    // Fill bytes: any number of 0xFF may come before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers that stand alone, without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // The picture data or its end before any frame header: nothing declares a size.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      if (length < 7) return undefined;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
}

// WebP: "RIFF", size, "WEBP", then the first chunk's name at 12 and its data at 20.
function readWebpDimensions(view: DataView): ImageDimensions | undefined {
  if (hasAscii(view, 12, "VP8 ")) {
    // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (view.getUint16(23) !== 0x9d01 || view.getUint8(25) !== 0x2a) return undefined;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (hasAscii(view, 12, "VP8L")) {
    // Lossless: the signature 0x2F, then width - 1 and height - 1 in 14 bits each.
    if (view.getUint8(20) !== 0x2f) return undefined;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (hasAscii(view, 12, "VP8X")) {
    // Extended (alpha, animation, metadata): flags, 3 reserved bytes, then the canvas size - 1
    // in 24 bits each.
    return { width: readUint24LE(view, 24) + 1, height: readUint24LE(view, 27) + 1 };
  }
  return undefined;
}

const readers = { png: readPngDimensions, jpeg: readJpegDimensions, webp: readWebpDimensions };

/** The size the header declares; undefined when the header is cut short, damaged or says 0. */
export function readImageDimensions(
  bytes: Uint8Array,
  kind: PictureKind,
): ImageDimensions | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let dimensions: ImageDimensions | undefined;
  try {
    dimensions = readers[kind](view);
  } catch (error) {
    // A read past the end: the header is cut short.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) return undefined;
  return dimensions;
}
