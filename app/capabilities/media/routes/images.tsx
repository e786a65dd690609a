// /images: Manage Images (admin only), the media library: every image of the site with its
// preview, name, alt text, size and where it is used; search, edits, and uploads of new PNG, JPEG
// or WebP images.

import { listLibraryImages } from "~/capabilities/media/image-records.server";
import { listAllImageUses } from "~/capabilities/media/image-uses.server";
import { MediaLibrary } from "~/capabilities/media/media-library";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/images";

export const handle = { adminNav: { label: "Images", order: 50 } } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getAppContext(context);
  getAdmin(context);
  const [images, uses] = await Promise.all([listLibraryImages(db), listAllImageUses(db)]);
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
