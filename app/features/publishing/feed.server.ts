// The blog's Atom feed (/blog/feed.xml, RFC 4287): published articles only, absolute addresses
// (links inside the article bodies too), RFC 3339 dates and every text escaped.

import { escapeXml } from "~/platform/http/xml";
import type { Article } from "./schema";
import type { VisibleEntry } from "./store/reads.server";

/** How many of the newest articles the feed carries. */
export const feedSize = 20;

/**
 * Site-relative links and image addresses made absolute: feed readers have no page to resolve
 * them (images in the text are always the site's own).
 */
export function absolutizeLinks(html: string, siteUrl: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${siteUrl}/`);
}

export function renderAtomFeed(options: {
  siteUrl: string;
  title: string;
  subtitle: string;
  entries: VisibleEntry<"article">[];
}): string {
  const { siteUrl, entries } = options;
  const shown = entries.slice(0, feedSize);
  const updated =
    shown
      .map((entry) => entry.updatedAt)
      .sort()
      .at(-1) ?? new Date(0).toISOString();
  const renderEntry = ({ record, publishedAt, updatedAt }: VisibleEntry<"article">) => {
    const url = `${siteUrl}/blog/${record.id}`;
    return [
      "  <entry>",
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(record.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${publishedAt}</published>`,
      `    <updated>${updatedAt}</updated>`,
      `    <author><name>${escapeXml(record.author.name || "Editorial team")}</name></author>`,
      record.category ? `    <category term="${escapeXml(record.category)}"/>` : "",
      `    <summary>${escapeXml(record.excerpt)}</summary>`,
      `    <content type="html">${escapeXml(renderEntryHtml(record, siteUrl))}</content>`,
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n");
  };
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${siteUrl}/blog`)}</id>`,
    `  <title>${escapeXml(options.title)}</title>`,
    options.subtitle ? `  <subtitle>${escapeXml(options.subtitle)}</subtitle>` : "",
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${siteUrl}/blog/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${siteUrl}/blog`)}"/>`,
    ...shown.map(renderEntry),
    "</feed>",
    "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The entry's HTML: the cover image (absolute) and the sanitized body with absolute links. */
function renderEntryHtml(article: Article, siteUrl: string): string {
  const image = article.imageUrl
    ? `<p><img src="${escapeXml(`${siteUrl}${article.imageUrl}`)}" alt="${escapeXml(article.imageAlt)}"/></p>`
    : "";
  return `${image}${absolutizeLinks(article.body, siteUrl)}`;
}
