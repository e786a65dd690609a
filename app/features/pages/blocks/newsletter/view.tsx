// The newsletter sign-up block, with its confirmation email.
import { NewsletterBlock } from "~/features/newsletter/components/newsletter-block";
import type { BlockView, BlockViewProps } from "../block-view";

export type NewsletterBlockData = { heading: string; description: string; note: string };

export function NewsletterSignUp({ data }: BlockViewProps<"newsletter", NewsletterBlockData>) {
  return <NewsletterBlock {...data} />;
}

export const newsletterView = {
  View: NewsletterSignUp,
  hasContent: () => true,
  script: true,
} satisfies BlockView<"newsletter", NewsletterBlockData>;
