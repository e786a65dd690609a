// The two buttons of the closing calls to action that lead to the booking and contact pages.
import type { SiteContent } from "./schema";

export type CtaButtons = { bookText: string; contactText: string };

export function pickCtaButtons(content: SiteContent): CtaButtons {
  return { bookText: content.cta.buttonText, contactText: content.cta.contactButtonText };
}
