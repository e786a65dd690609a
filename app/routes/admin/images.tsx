// /images: Manage Images (admin only), the media library: every image of the site with its
// preview, size and where it is used, and the upload of new PNG, JPEG or WebP images.
import { redirect } from "react-router";
import { MediaLibrary } from "~/components/media-library/media-library";
import { listAllImageUses } from "~/features/publishing/image-uses.server";
import { buildPageMeta } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { getUploadsDir, listSiteImages } from "~/server/media/images.server";
import { getRequestSession } from "~/server/sessions.server";
import type { Route } from "./+types/images";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  const session = await getRequestSession(db, request, config.secure).catch(() => undefined);
  if (!session) throw redirect("/admin/login");
  const [images, uses] = await Promise.all([
    listSiteImages(getUploadsDir(config)),
    listAllImageUses(db),
  ]);
  return {
    adminEmail: session.email,
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
  return <MediaLibrary images={loaderData.images} adminEmail={loaderData.adminEmail} />;
}
