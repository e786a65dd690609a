// How the inbox words a lead's attribution: "Came from LinkedIn via the article 'Five
// settings...', 3 pages", or "Came from the newsletter 'November digest' ...".
import {
  readNewsletterCampaign,
  readSourceName,
  type StoredAttribution,
} from "~/platform/visits/visit-attribution";
import type { PageTitle } from "./page-titles.server";

/** A source in words: "LinkedIn", "newsletter", or "a direct visit". */
export function nameSource(source: string): string {
  return source ? readSourceName(source) : "a direct visit";
}

/** Where the visit landed: "via the article 'Five settings...'" or "landing on /about". */
function describeLanding(attribution: StoredAttribution, titles: ReadonlyMap<string, PageTitle>) {
  const titled = titles.get(attribution.landingPage);
  return titled
    ? `via the ${titled.kind} '${titled.title}'`
    : `landing on ${attribution.landingPage}`;
}

/**
 * One line for the inbox; titles name the landing page when it is an article or case study, and
 * `issues` (subjects by newsletter issue) a newsletter's campaign.
 */
export function describeAttribution(
  attribution: StoredAttribution,
  titles: ReadonlyMap<string, PageTitle>,
  issues: ReadonlyMap<number, string> = new Map(),
): string {
  const pages = `${attribution.pageCount} ${attribution.pageCount === 1 ? "page" : "pages"}`;
  const via = describeLanding(attribution, titles);
  const issue = issues.get(readNewsletterCampaign(attribution) ?? 0);
  if (issue !== undefined) return `Came from the newsletter '${issue}' ${via}, ${pages}`;
  const from = attribution.source
    ? `Came from ${nameSource(attribution.source)}`
    : "Came directly (no referrer)";
  const campaign = attribution.campaign ? `, campaign '${attribution.campaign}'` : "";
  return `${from} ${via}${campaign}, ${pages}`;
}
