// A visit's attribution as a lead stores it (JSON in its row), and the one name of a well-known
// source whatever alias it came by. How a screen words it is the screen's (leads' inbox).
import { z } from "~/platform/zod";

const attributionSchema = z.object({
  landingPage: z.string(),
  referrerHost: z.string(),
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  pagesBefore: z.array(z.string()),
  pageCount: z.number(),
});

export type StoredAttribution = z.infer<typeof attributionSchema>;

/** The stored JSON read back; anything unreadable is no attribution. */
export function parseAttribution(text: string | null | undefined): StoredAttribution | null {
  if (!text) return null;
  try {
    const parsed = attributionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Well-known sources by the names people use: every alias one source gives (its hosts, its short
 * links, the utm_source people type) is the one name, here and nowhere else.
 */
const knownSources: readonly (readonly [RegExp, string])[] = [
  [/(^|\.)linkedin\.com$|^lnkd\.in$|^linkedin$/, "LinkedIn"],
  [/(^|\.)google\.[a-z.]+$|^google$/, "Google"],
  [/(^|\.)bing\.com$|^bing$/, "Bing"],
  [/(^|\.)duckduckgo\.com$|^duckduckgo$/, "DuckDuckGo"],
  [/(^|\.)facebook\.com$|^facebook$|^fb$|^fb\.me$/, "Facebook"],
  [/(^|\.)instagram\.com$|^instagram$|^ig$/, "Instagram"],
  [/^t\.co$|(^|\.)twitter\.com$|^x\.com$|^twitter$|^x$/, "X (Twitter)"],
  [/(^|\.)youtube\.com$|^youtu\.be$|^youtube$/, "YouTube"],
  [/(^|\.)reddit\.com$|^reddit$/, "Reddit"],
];

/** A source's one name: the well-known name of any of its aliases, else the source as counted. */
export function readSourceName(source: string): string {
  const key = source.trim().toLowerCase();
  return knownSources.find(([pattern]) => pattern.test(key))?.[1] ?? source;
}

/** The utm_source a newsletter's clicks land with. */
export const newsletterSource = "newsletter";

/** The campaign that names one newsletter issue in the figures: "newsletter-12". */
export function getNewsletterCampaign(newsletterId: number): string {
  return `newsletter-${newsletterId}`;
}

/** The newsletter issue a visit's campaign names, or undefined. */
export function readNewsletterCampaign(attribution: {
  source: string;
  campaign: string;
}): number | undefined {
  if (attribution.source !== newsletterSource) return undefined;
  const match = /^newsletter-([1-9][0-9]{0,9})$/.exec(attribution.campaign);
  return match?.[1] ? Number(match[1]) : undefined;
}
