// PNG files built byte by byte, for tests that need what an encoder would not write (a huge
// declared size, a damaged header), and the size a served PNG declares, read back.
import { crc32 } from "node:zlib";

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function makePngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** The size a PNG's header declares (IHDR, right after the 8-byte signature); throws for no PNG. */
export function readPngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(1, 4).toString("latin1") !== "PNG") throw new Error("not a PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
