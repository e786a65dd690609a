// A valid article body for the publishing API, with what a test needs changed.
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
