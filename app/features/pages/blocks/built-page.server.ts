// Reads a page built from blocks for its public address: the page when visible (else an admin's
// preview), drawn for its route (built-page-segments.server.tsx).
import { type RouterContextProvider, redirect } from "react-router";
import { summarizeBlocks } from "~/capabilities/blocks/page-blocks";
import {
  expireAtNextPublication,
  resolveHiddenPublication,
} from "~/features/publishing/public-reader.server";
import { type Page, type PreviewNotice, pageSlugSchema } from "~/features/publishing/schema";
import { findEndedPage, getVisible } from "~/features/publishing/store/reads.server";
import { getAppContext } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { getRequestData } from "~/platform/request-data.server";
import { loadBlocksData } from "./blocks-data.server";
import { drawBuiltPage, hasQuestions, holdDrawnHtml } from "./built-page-segments.server";

/** Whether an address could be a page's: one segment or two, in the slug's letters. */
export function isPageAddress(splat: string | undefined): splat is string {
  return pageSlugSchema.safeParse(splat).success;
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
    segments: holdDrawnHtml(drawBuiltPage({ title: page.title, blocks }, data), app.heldHtml),
    data: { contact: data.contact, newsletter: data.newsletter, booking: data.booking },
    summary: summarizeBlocks(page.blocks),
    // Its questions are marked up in its HTML (microdata): neither JSON-LD nor this data repeat them.
    faqPage: hasQuestions(page.blocks),
  };
}

export type BuiltPageData = NonNullable<Awaited<ReturnType<typeof loadBuiltPage>>>;

/**
 * The answer of an address whose page came down by its date: its redirect (thrown, 302: the page
 * may come back), or 410 Gone; undefined when no page there has ended (the 404 page answers).
 */
export async function answerEndedPage(
  context: Readonly<RouterContextProvider>,
  slug: string,
): Promise<410 | undefined> {
  const { db, logger } = getAppContext(context);
  let ended: { unpublishTo: string } | undefined;
  try {
    ended = await findEndedPage(db, slug);
  } catch (error) {
    logDatabaseError(logger, error, "Failed to fetch a page");
    markPageUncacheable();
    return undefined;
  }
  if (!ended) return undefined;
  if (ended.unpublishTo) throw redirect(ended.unpublishTo, 302);
  return 410;
}
