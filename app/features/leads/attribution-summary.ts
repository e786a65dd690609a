// How the inbox words a lead's attribution: "Came from LinkedIn via the article 'Five
// settings...', 3 pages".
import { readSourceName, type StoredAttribution } from "~/platform/visits/visit-attribution";
import type { PageTitle } from "./page-titles.server";

/** A source in words: "LinkedIn", "newsletter", or "a direct visit". */
export function nameSource(source: string): string {
  return source ? readSourceName(source) : "a direct visit";
}

/** One line for the inbox; titles name the landing page when it is an article or case study. */
export function describeAttribution(
  attribution: StoredAttribution,
  titles: ReadonlyMap<string, PageTitle>,
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
