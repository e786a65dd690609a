// The client build's files (production): hashed assets, versioned images and the rest of
// public/, each sent as its precompressed copy when the browser takes one.
import { loadImageVersions, serveVersionedImage } from "~/capabilities/media/image-versions.server";
import { loadInlineStylesheet } from "~/platform/document/inline-stylesheet.server";
import type { Stage } from "../stage.server";
import { servePrecompressed } from "../static-files.server";

export function makeClientBuildStage(clientDir: string | undefined): Stage {
  return {
    name: "static files",
    mount(app) {
      if (!clientDir) return;
      loadInlineStylesheet(clientDir);
      loadImageVersions(clientDir);
      // Brotli and gzip copies made at build time, sent in preference to compressing each time.
      app.use("/assets", servePrecompressed(`${clientDir}/assets`, { immutable: true }));
      app.use(serveVersionedImage);
      // No redirect of folders to "/": /images is the media library page, not public/images/.
      app.use(servePrecompressed(clientDir, { immutable: false }));
    },
  };
}
