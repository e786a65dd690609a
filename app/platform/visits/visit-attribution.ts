// A lead's attribution as stored (JSON in its row) and as the inbox says it: "Came from LinkedIn
// via the article 'Five settings...', 3 pages".
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

/** What a visit can lead to, counted per landing page and source. */
export const conversionKinds = ["contact", "newsletter", "booking"] as const;
export type ConversionKind = (typeof conversionKinds)[number];

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

/** A source in words: "LinkedIn", "newsletter", or "a direct visit". */
export function nameSource(source: string): string {
  return source ? readSourceName(source) : "a direct visit";
}

/** One line for the inbox; titles name the landing page when it is an article or case study. */
export function describeAttribution(
  attribution: StoredAttribution,
  titles: ReadonlyMap<string, { kind: string; title: string }>,
): string {
  const from = attribution.source
    ? `Came from ${nameSource(attribution.source)}`
    : "Came directly (no referrer)";
  const titled = titles.get(attribution.landingPage);
  const via = titled
    ? `via the ${titled.kind} '${titled.title}'`
    : `landing on ${attribution.landingPage}`;
  const campaign = attribution.campaign ? `, campaign '${attribution.campaign}'` : "";
  const pages = `${attribution.pageCount} ${attribution.pageCount === 1 ? "page" : "pages"}`;
  return `${from} ${via}${campaign}, ${pages}`;
}
