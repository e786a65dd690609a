// A page built from blocks, published through the admin API as the page editor saves it, and the
// blocks of a page whose every block shows an image.
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import type { ImageValue } from "~/capabilities/fields/field-kinds";
import { sendJsonAs } from "./admin-requests";
import type { TestSite } from "./test-site";

/** Publishes a page at /<slug> now; throws with the server's answer unless it is created. */
export async function publishBlockPage(
  site: TestSite,
  cookie: string,
  page: { slug: string; title: string; blocks: Block[]; seoImage?: string },
): Promise<void> {
  const created = await sendJsonAs(
    site,
    "POST",
    "/api/admin/pages",
    { status: "published", publishAt: "", seoDescription: "", ...page },
    { cookie },
  );
  if (created.status !== 201) {
    throw new Error(`page ${page.slug}: ${created.status} ${await created.text()}`);
  }
}

/** The alt texts workshopBlocks gives its images, to find them on the page. */
export const workshopAlts = {
  hero: "Our Austin office from the street",
  side: "A meeting room with a long table and a whiteboard",
  photo: "Maria Chen",
};

/** A hero (with an image when given one), an image-with-text block and a testimonial's photo. */
export function workshopBlocks(urls: { hero?: string; side: string; photo: string }): Block[] {
  const image = (url: string | undefined, alt: string): ImageValue =>
    url ? { url, alt } : { url: "", alt: "" };
  return [
    {
      ...createBlock("hero", "hero1"),
      heading: "Working With Us",
      text: "How a project with Clearline runs, from the first call to the handover.",
      image: image(urls.hero, workshopAlts.hero),
    },
    {
      ...createBlock("imageText", "room1"),
      heading: "A Room Built for Workshops",
      body: "<p>Every engagement starts with a half-day workshop in our Austin office: your team, our consultants and a whiteboard. We map what you run today, what hurts, and what a good year looks like.</p><p>You leave with a written plan and a fixed quote.</p>",
      image: image(urls.side, workshopAlts.side),
    },
    {
      ...createBlock("testimonials", "quote1"),
      heading: "What Clients Say",
      items: [
        {
          quote: "The workshop alone was worth it: we finally agreed on what to fix first.",
          name: "Maria Chen",
          role: "Operations Director",
          company: "Hillside Dental",
          photo: image(urls.photo, workshopAlts.photo),
        },
      ],
    },
  ] as Block[];
}
