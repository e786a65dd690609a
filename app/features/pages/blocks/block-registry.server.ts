// The blocks a page may hold, one line each: the view and server data of each block's folder
// (its fields are in the folder too, listed by capabilities/blocks/page-blocks.ts). Typed against
// the block types, so a block without its view (or a view without the data it draws) fails to
// compile. An extension point: docs/architecture.md, "Blocks".
import type { BlockType } from "~/capabilities/blocks/page-blocks";
import { articlesData } from "./articles/data.server";
import { articlesView } from "./articles/view";
import type { BlockData } from "./block-data";
import type { BlockView } from "./block-view";
import { bookingData } from "./booking/data.server";
import { bookingView } from "./booking/view";
import { caseStudiesData } from "./case-studies/data.server";
import { caseStudiesView } from "./case-studies/view";
import { contactData } from "./contact/data.server";
import { contactView } from "./contact/view";
import { ctaView } from "./cta/view";
import { faqView } from "./faq/view";
import { figuresView } from "./figures/view";
import { heroView } from "./hero/view";
import { imageTextData } from "./image-text/data.server";
import { imageTextView } from "./image-text/view";
import { newsletterData } from "./newsletter/data.server";
import { newsletterView } from "./newsletter/view";
import { richTextData } from "./rich-text/data.server";
import { richTextView } from "./rich-text/view";
import { servicesData } from "./services/data.server";
import { servicesView } from "./services/view";
import { testimonialsView } from "./testimonials/view";

/** A block's parts: a view that needs data comes with the data.server.ts that loads it. */
type BlockParts<T extends BlockType> =
  | { view: BlockView<T, undefined>; data?: BlockData<T, undefined> }
  | { view: BlockView<T, never>; data: BlockData<T, unknown> & { load: unknown } };

export const blockRegistry = {
  hero: { view: heroView },
  richText: { view: richTextView, data: richTextData },
  imageText: { view: imageTextView, data: imageTextData },
  services: { view: servicesView, data: servicesData },
  caseStudies: { view: caseStudiesView, data: caseStudiesData },
  articles: { view: articlesView, data: articlesData },
  testimonials: { view: testimonialsView },
  figures: { view: figuresView },
  cta: { view: ctaView },
  faq: { view: faqView },
  contact: { view: contactView, data: contactData },
  newsletter: { view: newsletterView, data: newsletterData },
  booking: { view: bookingView, data: bookingData },
} satisfies { [T in BlockType]: BlockParts<T> };

type Registry = typeof blockRegistry;

/** The data each block type's view shows, as loaded for a page. */
export type BlocksData = {
  [T in BlockType]: Registry[T] extends { data: { load: (...args: never[]) => infer Data } }
    ? Awaited<Data>
    : undefined;
};

/** The block types drawn by the browser's code (forms, the calendar): their views ship to it. */
export type ScriptBlockType = {
  [T in BlockType]: Registry[T]["view"]["script"] extends true ? T : never;
}[BlockType];

/** A block type's parts, for code that walks blocks of any type. */
export function getBlockParts<T extends BlockType>(type: T) {
  // One generic view of the table's entries: TypeScript cannot pair each entry with its type.
  return blockRegistry[type] as unknown as {
    view: BlockView<T, BlocksData[T]>;
    data?: BlockData<T, BlocksData[T]>;
  };
}
