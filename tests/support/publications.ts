// A valid article body for the publishing API, with what a test needs changed, and blog searches
// that find the default articles.
import { defaultArticles } from "~/features/publishing/default-articles";
import type { ArticleInput } from "~/features/publishing/schema";

export function article(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    slug: "patching-without-downtime",
    status: "published",
    publishAt: "",
    title: "Patching Without Downtime",
    excerpt: "How a small team keeps every server patched without a maintenance weekend.",
    category: "Infrastructure",
    authorName: "Ana Lopez",
    readTime: "",
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body: '<p>Start with an inventory. <a href="/booking">Book a call</a>.</p>',
    ...overrides,
  };
}

/** Distinct /blog searches that each find a default article: every one a page of its own to render. */
export function listMatchingSearches(count: number): string[] {
  const searches = defaultArticles.flatMap((article) =>
    Array.from({ length: article.title.length - 3 }, (_, i) => article.title.slice(0, i + 4)),
  );
  // A search ending in a space shows the trimmed one (another spelling, not kept).
  return searches.filter((q) => q.trim() === q).slice(0, count);
}
