// The blog listing's rules: search text and category from the URL query,
// the filter both must pass, the category badges and the "Load More Articles" pages.
import type { Article } from "./schema";

/** Articles shown per "page"; Load More Articles adds one page at a time. */
export const blogPageSize = 6;

/** Longest search text taken from the URL; anything longer is cut, never refused. */
export const maxSearchLength = 100;

export type BlogQuery = {
  /** Search text, trimmed; "" means no search. */
  q: string;
  /** Selected category; "" means All. */
  category: string;
  /** How many pages are shown, from 1. */
  page: number;
};

/** Reads the blog's state from a URL query; bad or missing values fall back to the defaults. */
export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  const q = (params.get("q") ?? "").trim().slice(0, maxSearchLength);
  const category = (params.get("category") ?? "").trim().slice(0, maxSearchLength);
  const pageText = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return { q, category, page };
}

/** The query string of a blog view, without empty or default values, "" for the plain /blog. */
export function buildBlogSearch(query: Partial<BlogQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * True when the URL spells the blog view exactly as `buildBlogSearch` writes the view shown: its
 * one address. Another spelling (page=1, a page past the last, spaces around the search) shows
 * the same as that address.
 */
export function isCanonicalBlogQuery(params: URLSearchParams, shown: BlogQuery): boolean {
  const canonical = new URLSearchParams(buildBlogSearch(shown));
  return (["q", "category", "page"] as const).every(
    (name) => (params.get(name) ?? "") === (canonical.get(name) ?? ""),
  );
}

/**
 * Articles whose title, excerpt or author name contains the search text (ignoring case) and whose
 * category is exactly the selected one; both must hold, an empty value always holds.
 */
export function filterArticles(
  articles: readonly Article[],
  { q, category }: Pick<BlogQuery, "q" | "category">,
): Article[] {
  const needle = q.toLocaleLowerCase();
  return articles.filter((article) => {
    if (category && article.category !== category) return false;
    if (!needle) return true;
    return [article.title, article.excerpt, article.author.name].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    );
  });
}

/** Each distinct category once, alphabetically: the badges after "All". */
export function listCategories(articles: readonly Article[]): string[] {
  return [...new Set(articles.map((article) => article.category))].sort((a, b) =>
    a.localeCompare(b),
  );
}

export type BlogPage<T> = {
  /** The first `page` pages of items. */
  items: T[];
  /** The page count actually shown: the asked one, at most the last page, at least 1. */
  page: number;
  total: number;
  hasMore: boolean;
};

/** The items of the first `page` pages (Load More adds to what is shown, it does not replace it). */
export function paginate<T>(
  items: readonly T[],
  page: number,
  pageSize = blogPageSize,
): BlogPage<T> {
  const lastPage = Math.max(1, Math.ceil(items.length / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), lastPage);
  const visible = items.slice(0, shown * pageSize);
  return {
    items: visible,
    page: shown,
    total: items.length,
    hasMore: visible.length < items.length,
  };
}
