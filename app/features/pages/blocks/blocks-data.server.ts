// The data a list of blocks shows, and nothing more (services, case studies, articles, the contact
// form's token, booking texts), with rich text given its responsive images.
import type { RouterContextProvider } from "react-router";
import type { Block } from "~/capabilities/blocks/page-blocks";
import { withResponsiveImages } from "~/capabilities/rich-text/responsive-html.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { toSlug } from "~/features/content/slug";
import { articleBodyImageSizes } from "~/features/publishing/components/image-sizes";
import { getArticles, getCaseStudies } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import { issueFormToken } from "~/platform/form-cookie.server";
import { getRequestData } from "~/platform/request-data.server";

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

export type BlocksData = Awaited<ReturnType<typeof loadBlocksData>>["data"];
