// The newsletter block's words, read from the site's content (sent with every built page).
import type { BlockData } from "../block-data";
import type { NewsletterBlockData } from "./view";

export const newsletterData = {
  load: ({ content }) => ({
    heading: content.cta.newsletterHeading,
    description: content.cta.newsletterDescription,
    note: content.forms.newsletterNote,
  }),
} satisfies BlockData<"newsletter", NewsletterBlockData>;
