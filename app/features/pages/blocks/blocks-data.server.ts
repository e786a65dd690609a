// The data a list of blocks shows, and nothing more (services, case studies, articles, the contact
// form's token, booking texts), with every image as responsive as an article's: rich text's
// images as <picture>s, image fields given their sources and crop position.
import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import { type Block, type ImageValue, mapBlockImages } from "~/capabilities/blocks/page-blocks";
import { withImagePositions } from "~/capabilities/media/image-records.server";
import {
  type FigureSizes,
  withResponsiveImages,
} from "~/capabilities/rich-text/responsive-html.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { toSlug } from "~/features/content/slug";
import {
  articleBodyImageSizes,
  imageTextBodyImageSizes,
} from "~/features/publishing/components/image-sizes";
import { getArticles, getCaseStudies } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import type { Db } from "~/platform/db/tables.server";
import { issueFormToken } from "~/platform/form-cookie.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { getRequestData } from "~/platform/request-data.server";

/** The rich text of the blocks with its uploads as <picture>s, sized to each block's column. */
async function withBlockTexts(
  blocks: readonly Block[],
  place: (html: string, sizes: FigureSizes) => Promise<string>,
): Promise<Block[]> {
  return Promise.all(
    blocks.map(async (block) => {
      if (block.type === "richText") {
        return { ...block, body: await place(block.body, articleBodyImageSizes) };
      }
      if (block.type === "imageText") {
        return { ...block, body: await place(block.body, imageTextBodyImageSizes) };
      }
      return block;
    }),
  );
}

/** Every image field of the blocks with its upload's sources and crop position, when it has them. */
async function withBlockPictures(db: Db, logger: Logger, blocks: Block[]): Promise<Block[]> {
  const shown: { imageUrl: string }[] = [];
  mapBlockImages(blocks, (image) => {
    if (image.url) shown.push({ imageUrl: image.url });
    return image;
  });
  if (shown.length === 0) return blocks;
  try {
    const placed = new Map(
      (await withImagePositions(db, shown)).map(({ imageUrl, ...placement }) => [
        imageUrl,
        placement,
      ]),
    );
    return mapBlockImages(
      blocks,
      (image): ImageValue => ({
        ...image,
        ...placed.get(image.url),
      }),
    );
  } catch (error) {
    // The images still show, at their full size: the page is not worth failing for.
    logger.warn({ err: error }, "Failed to read the sizes of the blocks' images");
    markPageUncacheable();
    return blocks;
  }
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
    withBlockTexts(stored, (html, sizes) => withResponsiveImages(db, logger, html, sizes)).then(
      (texts) => withBlockPictures(db, logger, texts),
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

export type BlocksData = Awaited<ReturnType<typeof loadBlocksData>>["data"];
