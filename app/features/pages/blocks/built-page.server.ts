// Reads a page built from blocks for its public address: the page when visible (else a moved
// address's 301 or an admin's preview), and only the data its blocks show (services, case
// studies, articles, the contact form's token, booking texts).
import type { RouterContextProvider } from "react-router";
import { type Block, summarizeBlocks } from "~/capabilities/blocks/page-blocks";
import { withResponsiveImages } from "~/capabilities/rich-text/responsive-html.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { toSlug } from "~/features/content/slug";
import { articleBodyImageSizes } from "~/features/publishing/components/image-sizes";
import {
  expireAtNextPublication,
  getArticles,
  getCaseStudies,
  resolveHiddenPublication,
} from "~/features/publishing/public-reader.server";
import { idSchema, type Page, type PreviewNotice } from "~/features/publishing/schema";
import { getVisible } from "~/features/publishing/store/reads.server";
import { getAppContext } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { issueFormToken } from "~/platform/form-cookie.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { getRequestData } from "~/platform/request-data.server";
import { listFaqs } from "./built-page";
import { drawBuiltPage } from "./built-page-segments.server";

/** Whether an address could be a page's: one segment, in the slug's letters. */
export function isPageAddress(splat: string | undefined): splat is string {
  return idSchema.safeParse(splat).success;
}

async function withBlockImages(
  blocks: readonly Block[],
  place: (html: string) => Promise<string>,
): Promise<Block[]> {
  return Promise.all(
    blocks.map(async (block) =>
      block.type === "richText" || block.type === "imageText"
        ? { ...block, body: await place(block.body) }
        : block,
    ),
  );
}

/** The page at an address and what its blocks need, or undefined (the 404 page answers). */
export async function loadBuiltPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
) {
  await expireAtNextPublication(context);
  const app = getAppContext(context);
  const { db, logger } = app;
  let page: Page | undefined;
  let preview: PreviewNotice | undefined;
  try {
    page = await getVisible(db, "page", slug);
  } catch (error) {
    logDatabaseError(logger, error, "Failed to fetch a page");
    markPageUncacheable();
    return undefined;
  }
  if (!page) {
    const timeZone = await getRequestData(context).timeZone();
    const hidden = await resolveHiddenPublication(app, request, "page", slug, timeZone);
    page = hidden?.record;
    preview = hidden?.preview;
  }
  if (!page) return undefined;
  const { blocks, data } = await loadBlocksData(context, page.blocks);
  const { blocks: _stored, ...facts } = page;
  // Drawn and summarized here: the block components and descriptions (and their schemas) stay
  // out of the browser's code, which gets only what the interactive blocks need.
  return {
    page: facts,
    preview,
    segments: drawBuiltPage({ title: page.title, blocks }, data),
    data: { contact: data.contact, newsletter: data.newsletter, booking: data.booking },
    summary: summarizeBlocks(page.blocks),
    faq: listFaqs(page.blocks),
  };
}

/** Blocks as shown (rich text with responsive images) and only the data they show. */
export async function loadBlocksData(
  context: Readonly<RouterContextProvider>,
  stored: readonly Block[],
) {
  const { db, logger } = getAppContext(context);
  const types = new Set(stored.map((block) => block.type));
  const { content } = await getRequestContent(context);
  const timeZone = types.has("articles") ? await getRequestData(context).timeZone() : "";
  const [blocks, caseStudies, articles, formToken] = await Promise.all([
    withBlockImages(stored, (html) =>
      withResponsiveImages(db, logger, html, articleBodyImageSizes),
    ),
    types.has("caseStudies") ? getCaseStudies(db, logger) : [],
    types.has("articles") ? getArticles(db, logger, timeZone) : [],
    types.has("contact") ? issueFormToken(db) : undefined,
  ]);
  return {
    blocks,
    data: {
      services: types.has("services")
        ? content.services.items.map(({ title, icon, description }) => ({
            slug: toSlug(title),
            title,
            icon,
            description,
          }))
        : [],
      caseStudies,
      caseStudyLabels: {
        challenge: content.caseStudies.challengeLabel,
        approach: content.caseStudies.approachLabel,
        results: content.caseStudies.resultsLabel,
        readMore: content.caseStudies.readMoreText,
      },
      articles,
      readMoreText: content.blog.readMoreText,
      contact: types.has("contact")
        ? {
            formHeading: content.contact.formHeading,
            submitText: content.contact.formSubmitText,
            formTexts: content.forms,
            formToken,
          }
        : undefined,
      newsletter: {
        heading: content.cta.newsletterHeading,
        description: content.cta.newsletterDescription,
        note: content.forms.newsletterNote,
      },
      booking: types.has("booking") ? content.booking : undefined,
    },
  };
}

export type BuiltPageData = NonNullable<Awaited<ReturnType<typeof loadBuiltPage>>>;
export type BlocksData = Awaited<ReturnType<typeof loadBlocksData>>["data"];
