// PNG files built byte by byte, for tests that need what an encoder would not write (a huge
// declared size, a damaged header).
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
