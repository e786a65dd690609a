// The rules for uploaded images, shared by the Manage Images screen and the upload endpoint.
export const maxImageBytes = 2 * 1024 * 1024;
export const acceptedImageTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export const imageTooLargeMessage = "The image is larger than 2 MB. Please upload a smaller file.";
export const unsupportedImageMessage =
  "Only PNG, JPEG and WebP images can be uploaded. SVG and other files are refused.";
/** The whole upload request: the file and the few hundred bytes of form around it. */
export const maxUploadBodyBytes = maxImageBytes + 64 * 1024;
