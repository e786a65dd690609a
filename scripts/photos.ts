// Photo-like JPEGs made on the spot, for tests and `npm run lighthouse -- --photos`:
// soft colour blotches with fine grain on top, so they compress like camera photos rather than
// flat colour, and the sizes and formats a page serves make the difference they make on real ones.
import sharp from "sharp";

/** A JPEG of this size; `seed` varies the picture (and so its bytes and hash). */
export async function makePhotoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const blotches = await sharp({
    create: {
      width: Math.max(2, Math.round(width / 48)),
      height: Math.max(2, Math.round(height / 48)),
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 96 + (seed % 5) * 16, sigma: 70 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  return sharp(blotches)
    .resize(width, height, { kernel: "cubic" })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
