// Uploaded images: their sizes (/images/uploads/<id>.w<width>.<format>), made on first ask, and
// their originals, from the database through this instance's disk cache.
import { uploadsUrlPath } from "~/capabilities/media/image-rules";
import type { createVariantHandler } from "~/capabilities/media/image-variants.server";
import { createOriginalImageHandler } from "~/capabilities/media/original-images.server";
import type { AppServices } from "~/platform/context.server";
import type { Stage } from "../stage.server";

export function makeUploadedImagesStage(
  services: AppServices,
  variants: ReturnType<typeof createVariantHandler>,
): Stage {
  return {
    name: "uploaded images",
    mount(app) {
      // Any address that is not a size goes on to the originals below.
      app.use(variants);
      // Random names never reused, so cached for good; the strict default CSP and nosniff keep
      // any file from being run as a page or script. Other addresses under the path go on.
      app.use(uploadsUrlPath, createOriginalImageHandler(services));
    },
  };
}
