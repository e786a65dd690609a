// How a page reads in a search result and in a shared link's card, from the same rules the head
// tags use (meta.ts): the editors' SEO previews show what search engines and social sites get.
// Admin-only: public pages import meta.ts, never this module (it would join their chunks).
import { chooseDescription, descriptionLength } from "./description";
import { formatPageTitle, getDescriptionExtra } from "./meta";

/** Search engines show about 60 characters of a title before they cut it with "…". */
export const resultTitleLength = 60;

/** A text cut after its last whole word within max characters, with "…", as results show it. */
export function shortenForResult(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const kept = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s,;:.!?—–-]+$/, "")}…`;
}

/** The address as a result shows it: "example.com › blog › my-article". */
export function formatResultAddress(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const parts = parsed.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  return [parsed.host, ...parts].join(" › ");
}

export type DescriptionCheck = {
  length: number;
  verdict: "empty" | "short" | "good" | "long";
  /** "142 / 70-160 characters" */
  count: string;
  /** What to do, in words (never by colour alone). */
  advice: string;
};

/** The written description's length against the 70-160 rule, in words. */
export function checkDescriptionLength(written: string): DescriptionCheck {
  const { min, max } = descriptionLength;
  const length = written.trim().length;
  const count = `${length} / ${min}-${max} characters`;
  if (length === 0) {
    return { length, verdict: "empty", count, advice: "Empty: the computed description is used." };
  }
  if (length < min) {
    return { length, verdict: "short", count, advice: `Too short: add ${min - length} or more.` };
  }
  if (length > max) {
    return { length, verdict: "long", count, advice: `Too long: remove ${length - max} or more.` };
  }
  return { length, verdict: "good", count, advice: "Good length." };
}

export type PreviewFacts = {
  /** The page's own title, before the company name is added. */
  title: string;
  /** false: the page's settings leave the company name off its title. */
  siteNameInTitle?: boolean;
  /** The page's canonical path, such as /blog/my-article. */
  path: string;
  /** What the page computes its description from when none is written. */
  computed: string;
  /** The description written in the admin; "" = computed. */
  written: string;
};

export type SiteFacts = { siteUrl: string; companyName: string; tagline: string };

export type PreviewTexts = {
  /** The full <title> and the part a result shows. */
  pageTitle: string;
  resultTitle: string;
  url: string;
  address: string;
  host: string;
  /** The description the page's head carries (the written one, or the computed fallback). */
  description: string;
  /** The part of it a result shows. */
  resultDescription: string;
  /** True when the description shown is the computed fallback. */
  fallback: boolean;
};

/** What a search result and a link card show of a page, as its head tags will have it. */
export function buildPreviewTexts(page: PreviewFacts, site: SiteFacts): PreviewTexts {
  const pageTitle = formatPageTitle(page.title, site.companyName, page.siteNameInTitle !== false);
  const url = `${site.siteUrl}${page.path}`;
  const description = chooseDescription(
    page.written,
    page.computed,
    getDescriptionExtra(site.companyName, site.tagline),
  );
  let host = site.siteUrl;
  try {
    host = new URL(site.siteUrl).host;
  } catch {
    // An unparsable site address is shown as it is.
  }
  return {
    pageTitle,
    resultTitle: shortenForResult(pageTitle, resultTitleLength),
    url,
    address: formatResultAddress(url),
    host,
    description,
    resultDescription: shortenForResult(description, descriptionLength.max),
    fallback: !page.written.trim(),
  };
}
