// The rules for uploaded images, shared by the Manage Images screen and the upload endpoint.
/** The path under which uploads (and their sizes) are served. */
export const uploadsUrlPath = "/images/uploads";
/** A phone's photo is 3 to 12 MB; it is scaled down on arrival, so what is kept is much smaller. */
export const maxImageBytes = 25 * 1024 * 1024;
/** The long edge an upload is scaled down to on arrival: sharp on any screen, a few MB at most. */
export const maxStoredLongEdge = 2560;
/**
 * Most pixels an upload may declare. A small file can declare a huge picture (a 389 KB PNG of
 * 20000 × 20000 needs 1.6 GB to decode), and every page that shows it makes browsers decode it.
 * 40 megapixels is a large camera photo.
 */
export const maxImagePixels = 40_000_000;
/**
 * What the file pickers ask for. HEIC is left out on purpose: an iPhone then hands the browser a
 * JPEG of the photo, so its owner never meets the format.
 */
export const acceptedImageTypes = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/svg+xml",
] as const;
export const imageTooLargeMessage =
  "The image is larger than 25 MB. Please upload a smaller file (a photo straight from a phone or camera fits).";
export const unsupportedImageMessage =
  "Only PNG, JPEG, WebP and SVG images can be uploaded. GIF and other files are refused.";
/** An SVG that is not well-formed XML, or draws nothing; `reason` is the XML reader's. */
export function malformedSvgMessage(reason: string): string {
  return `The SVG could not be read: ${reason}. Please export it again from your design tool (as plain SVG) and upload the new file.`;
}
/** A HEIC photo (an iPhone's default) on a server whose image library cannot decode it. */
export const heicUnsupportedMessage =
  "HEIC photos cannot be read here. Please upload the photo as a JPEG: on an iPhone, set Settings > Camera > Formats to Most Compatible (new photos are then JPEGs) or share the photo choosing Options > Most Compatible; on a Mac, open it in Preview and choose File > Export > JPEG.";
export const unreadableImageMessage =
  "The image could not be read: its header is damaged or incomplete. Please save it again and upload the new file.";
export const databaseFullMessage =
  "The site's database has no room left, so the image was not saved and nothing was stored. Free some space for the database (or ask whoever runs the server), then upload again.";
export const uploadNotSavedMessage =
  "The server could not save the image, so nothing was stored. Please try again; if it keeps failing, the server needs attention.";
/** The whole upload request: the file and the few hundred bytes of form around it. */
export const maxUploadBodyBytes = maxImageBytes + 64 * 1024;

function formatMegapixels(pixels: number): string {
  const megapixels = (pixels / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 2 });
  return `${megapixels} megapixels`;
}

/** The refusal of a picture with too many pixels, naming its size and the limit. */
export function describeTooManyPixels(width: number, height: number): string {
  return `The image is ${width} × ${height} pixels (${formatMegapixels(width * height)}); images may have at most ${formatMegapixels(maxImagePixels)} (for example 8000 × 5000). Please scale it down and upload it again.`;
}
/** A file that is no image at all (a text file named .jpg, a damaged download): 400, not 415. */
export const notAnImageMessage =
  "The file is not an image, whatever its name says: only PNG, JPEG, WebP and SVG images can be uploaded. Please choose an image file.";
/** The header was fine but the picture itself cannot be decoded. */
export const undecodableImageMessage =
  "The image could not be read: its picture data is damaged or incomplete. Please save it again and upload the new file.";
