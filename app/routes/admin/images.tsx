// /images: Manage Images (admin only), the media library: every image of the site with its
// preview, size and where it is used, and the upload of new PNG, JPEG or WebP images.

import { getAdmin } from "~/features/admin/gate.server";
import { MediaLibrary } from "~/features/media/media-library";
import { listAllImageUses } from "~/features/publishing/image-uses.server";
import { buildPageMeta } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { getUploadsDir, listSiteImages } from "~/server/media/images.server";
import type { Route } from "./+types/images";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  getAdmin(context);
  const [images, uses] = await Promise.all([
    listSiteImages(getUploadsDir(config)),
    listAllImageUses(db),
  ]);
  return {
    images: images.map((image) => ({
      ...image,
      usedIn: uses
        .filter((use) => use.url === image.url)
        .map(({ label, href }) => ({ label, href })),
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Manage Images",
    description: "The website's images: previews, sizes, where they are used, and uploads.",
    noindex: true,
  });
}

export default function ImagesPage({ loaderData }: Route.ComponentProps) {
  return <MediaLibrary images={loaderData.images} />;
}
