// The pages a writer can link to from rich text (the editor's link dialog): the public pages,
// found by words of their title or address. Each names its page by kind and id too, for the
// navigation's links, which follow a page when its title changes.
import type { SitePage } from "./site-pages";

export type LinkTarget = Pick<SitePage, "title" | "path" | "group" | "kind" | "id">;

/** At most this many pages answer one search: the dialog shows a short list, not the sitemap. */
export const maxLinkTargets = 20;

/**
 * Pages whose title or address holds every word of the query (any case); all when it is empty.
 * The owner's own pages come first: the fixed pages, services and records alone fill the list.
 */
export function findLinkTargets(
  pages: readonly SitePage[],
  query: string,
): { targets: LinkTarget[]; total: number } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = pages.filter((page) => {
    const haystack = `${page.title} ${page.path}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const ordered = [...found.filter((page) => page.built), ...found.filter((page) => !page.built)];
  return {
    targets: ordered
      .slice(0, maxLinkTargets)
      .map(({ title, path, group, kind, id }) => ({ title, path, group, kind, id })),
    total: found.length,
  };
}
