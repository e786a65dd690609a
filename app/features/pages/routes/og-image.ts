// /og/<page>.png: a public page's link-preview image (1200x630), and /og/logo.png, the firm's logo
// for structured data. Drawn from the public pages (site-pages.ts) and the content
// (platform/seo/preview-image.server.tsx).

import { getRequestContent } from "~/features/content/request-content.server";
import { listPublicPages } from "~/features/pages/public-pages.server";
import { getAppContext } from "~/platform/context.server";
import type { SitePageKind } from "~/platform/route-handle";
import { renderLogoImage, renderPreviewImage } from "~/platform/seo/preview-image.server";
import { getPreviewPagePath } from "~/platform/seo/preview-image-paths";
import type { Route } from "./+types/og-image";

const eyebrows: Record<SitePageKind, string> = {
  page: "IT consulting",
  service: "Our services",
  "case-study": "Case study",
  article: "From the blog",
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, logger, config, routes } = getAppContext(context);
  const imagePath = `/og/${params["*"] ?? ""}`;
  let image: Awaited<ReturnType<typeof renderLogoImage>>;
  if (imagePath === "/og/logo.png") {
    image = await renderLogoImage();
  } else {
    const pagePath = getPreviewPagePath(imagePath);
    const { content } = await getRequestContent(context);
    const pages = await listPublicPages(db, content, logger, routes.pages);
    const page = pages.find((candidate) => candidate.path === pagePath);
    if (!page) {
      return new Response("No such preview image", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    image = await renderPreviewImage({
      title: page.path === "/" ? content.general.tagline : page.title,
      eyebrow: eyebrows[page.kind],
      companyName: content.general.companyName,
      tagline:
        page.path === "/" ? "Strategy · Security · Cloud · Managed IT" : content.general.tagline,
      host: new URL(config.SITE_URL).host,
    });
  }
  const headers = {
    "Content-Type": "image/png",
    // Shared caches may keep it an hour; after that a revalidation costs a 304 until it changes.
    "Cache-Control": "public, max-age=3600",
    ETag: image.etag,
  };
  if (request.headers.get("If-None-Match") === image.etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(image.png), { headers });
}
