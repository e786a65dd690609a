// /og/<page>.png: a public page's link-preview image (1200x630), with the uploaded logo when there
// is one; /og/blog/<slug>/cover.png: an article's cover as one, when chosen; /og/logo.png: the
// built-in mark for structured data, until a logo is uploaded. Drawn by
// platform/seo/preview-image.server.tsx.
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { readCardLogo } from "~/capabilities/media/card-logo.server";
import { getImageStore } from "~/capabilities/media/image-store.server";
import { parseUploadUrl } from "~/capabilities/media/image-variants";
import { findImageFile } from "~/capabilities/media/image-versions.server";
import { type BrandColors, deriveBrandPalette, mixColors } from "~/features/content/brand-palette";
import { getRequestContent } from "~/features/content/request-content.server";
import { listPublicPages } from "~/features/pages/public-pages.server";
import { findArticle } from "~/features/publishing/public-reader.server";
import { getUploadsDir } from "~/platform/config.server";
import { type AppContext, getAppContext } from "~/platform/context.server";
import type { SitePageKind } from "~/platform/route-handle";
import {
  type CoverSource,
  cardLogoHeight,
  type PreviewCard,
  type RenderedImage,
  renderCoverImage,
  renderLogoImage,
  renderPreviewImage,
} from "~/platform/seo/preview-image.server";
import {
  canDrawCoverCard,
  getCoverPreviewPagePath,
  getPreviewPagePath,
} from "~/platform/seo/preview-image-paths";
import type { Route } from "./+types/og-image";

const eyebrows: Record<SitePageKind, string> = {
  page: "IT consulting",
  service: "Our services",
  "case-study": "Case study",
  article: "From the blog",
};

const coverTypes: Record<string, CoverSource["type"]> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".svg": "image/svg+xml",
};

/**
 * The cover of a visible article that chose it as its link-card image, as resvg can draw it; else
 * undefined, and the article's generated card is answered instead, so a shared link never breaks.
 */
async function readArticleCover(
  app: Pick<AppContext, "db" | "logger" | "config">,
  pagePath: string,
): Promise<CoverSource | undefined> {
  const slug = /^\/blog\/([a-z0-9-]+)$/.exec(pagePath)?.[1];
  if (!slug) return undefined;
  // Only the cover is drawn, not a date: any zone reads the same article.
  const article = await findArticle(app.db, app.logger, slug, "UTC");
  if (!article?.coverAsCardImage || !canDrawCoverCard(article.imageUrl)) return undefined;
  // An upload's original comes from the image store (the database, through this instance's cache).
  const upload = parseUploadUrl(article.imageUrl);
  const file = upload
    ? (
        await getImageStore(app)
          .openOriginal(upload.id)
          .catch(() => undefined)
      )?.file
    : findImageFile(article.imageUrl, getUploadsDir(app.config));
  const type = file && coverTypes[extname(file).toLowerCase()];
  if (!file || !type) return undefined;
  try {
    return { bytes: await readFile(file), type };
  } catch {
    return undefined; // deleted since it was chosen
  }
}

/** A card's colours from the brand's two, as the site's dark bands draw them (brand-palette). */
function describeCardColors(colors: BrandColors): PreviewCard["brandColors"] {
  const palette = deriveBrandPalette(colors);
  return {
    primary: colors.primaryColor,
    accent: colors.accentColor,
    ground: palette.navy,
    groundLight: mixColors(colors.primaryColor, palette.navy, 0.15),
    accentOnDark: palette.accentLight,
  };
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getAppContext(context);
  const { db, logger, config, routes } = app;
  const requested = `/og/${params["*"] ?? ""}`;
  const coverPage = getCoverPreviewPagePath(requested);
  const cover = coverPage ? await readArticleCover(app, coverPage) : undefined;
  let image: RenderedImage;
  if (cover) {
    image = await renderCoverImage(cover);
  } else if (requested === "/og/logo.png") {
    image = await renderLogoImage();
  } else {
    const pagePath = coverPage ?? getPreviewPagePath(requested);
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
      brandColors: describeCardColors(content.brand),
      logo: await readCardLogo(app, content.brand.logoUrl, cardLogoHeight * 2),
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
