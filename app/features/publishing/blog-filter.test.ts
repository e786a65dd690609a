import { describe, expect, it } from "vitest";
import {
  blogPageSize,
  buildBlogSearch,
  filterArticles,
  isCanonicalBlogQuery,
  listCategories,
  paginate,
  parseBlogQuery,
} from "./blog-filter";
import { defaultArticles } from "./default-articles";
import type { Article } from "./schema";

function makeArticle(overrides: Partial<Article> & { id: string }): Article {
  const base = defaultArticles[0] as Article;
  return { ...base, ...overrides };
}

const articles: Article[] = [
  makeArticle({
    id: "zero-trust",
    title: "Zero Trust for Small Teams",
    excerpt: "Why identity is the new perimeter.",
    category: "Cybersecurity",
    author: { name: "Dana Whitfield", initials: "DW" },
  }),
  makeArticle({
    id: "ai-pilots",
    title: "Running an AI Pilot",
    excerpt: "Pick one process and measure it.",
    category: "Artificial Intelligence",
    author: { name: "Priya Natarajan", initials: "PN" },
  }),
  makeArticle({
    id: "backups",
    title: "Backups You Can Restore",
    excerpt: "Test the restore, not only the backup, and keep one copy offline.",
    category: "Cybersecurity",
    author: { name: "Michael Turner", initials: "MT" },
  }),
];

describe("parseBlogQuery", () => {
  it("reads search text, category and page from the URL", () => {
    expect(
      parseBlogQuery(new URLSearchParams("q=%20cloud%20&category=Cybersecurity&page=3")),
    ).toEqual({ q: "cloud", category: "Cybersecurity", page: 3 });
  });

  it("falls back to no search, All and the first page", () => {
    expect(parseBlogQuery(new URLSearchParams(""))).toEqual({ q: "", category: "", page: 1 });
    for (const page of ["0", "-2", "abc", "1.5", "9999999", ""]) {
      expect(parseBlogQuery(new URLSearchParams({ page })).page, page).toBe(1);
    }
  });

  it("cuts overlong search text instead of refusing it", () => {
    expect(parseBlogQuery(new URLSearchParams({ q: "x".repeat(500) })).q).toHaveLength(100);
  });
});

describe("buildBlogSearch", () => {
  it("keeps only the values that differ from the defaults", () => {
    expect(buildBlogSearch({ q: "", category: "", page: 1 })).toBe("");
    expect(buildBlogSearch({ q: "ai & ml", category: "Artificial Intelligence", page: 2 })).toBe(
      "?q=ai+%26+ml&category=Artificial+Intelligence&page=2",
    );
    expect(parseBlogQuery(new URLSearchParams(buildBlogSearch({ q: "ai & ml" })))).toEqual({
      q: "ai & ml",
      category: "",
      page: 1,
    });
  });
});

describe("filterArticles", () => {
  const ids = (list: Article[]) => list.map((article) => article.id);

  it("shows every article with no search and no category", () => {
    expect(ids(filterArticles(articles, { q: "", category: "" }))).toEqual([
      "zero-trust",
      "ai-pilots",
      "backups",
    ]);
  });

  it("matches a substring of the title, excerpt or author name, ignoring case", () => {
    expect(ids(filterArticles(articles, { q: "ZERO", category: "" }))).toEqual(["zero-trust"]);
    expect(ids(filterArticles(articles, { q: "one copy offline", category: "" }))).toEqual([
      "backups",
    ]);
    expect(ids(filterArticles(articles, { q: "natarajan", category: "" }))).toEqual(["ai-pilots"]);
    expect(ids(filterArticles(articles, { q: "restore", category: "" }))).toEqual(["backups"]);
  });

  it("does not search the category or the body", () => {
    expect(filterArticles(articles, { q: "cybersecurity", category: "" })).toEqual([]);
    const body = articles[0]?.body.slice(40, 60) ?? "";
    expect(body.length).toBeGreaterThan(0);
    expect(
      filterArticles([{ ...(articles[1] as Article), body }], { q: body, category: "" }),
    ).toEqual([]);
  });

  it("keeps only the exact category", () => {
    expect(ids(filterArticles(articles, { q: "", category: "Cybersecurity" }))).toEqual([
      "zero-trust",
      "backups",
    ]);
    expect(filterArticles(articles, { q: "", category: "cybersecurity" })).toEqual([]);
    expect(filterArticles(articles, { q: "", category: "Cyber" })).toEqual([]);
  });

  it("needs both the search and the category to hold", () => {
    expect(ids(filterArticles(articles, { q: "backup", category: "Cybersecurity" }))).toEqual([
      "backups",
    ]);
    expect(filterArticles(articles, { q: "pilot", category: "Cybersecurity" })).toEqual([]);
  });
});

describe("listCategories", () => {
  it("lists each distinct category once, alphabetically", () => {
    expect(listCategories(articles)).toEqual(["Artificial Intelligence", "Cybersecurity"]);
    expect(listCategories(defaultArticles)).toEqual([
      "Artificial Intelligence",
      "Cybersecurity",
      "Digital Transformation",
    ]);
  });
});

describe("paginate", () => {
  const numbers = Array.from({ length: 14 }, (_, index) => index + 1);

  it("shows the first page and says when there is more", () => {
    expect(paginate(numbers, 1, 6)).toEqual({
      items: [1, 2, 3, 4, 5, 6],
      page: 1,
      total: 14,
      hasMore: true,
    });
  });

  it("adds a page at a time, and has no more after the last", () => {
    expect(paginate(numbers, 2, 6).items).toEqual(numbers.slice(0, 12));
    expect(paginate(numbers, 2, 6).hasMore).toBe(true);
    expect(paginate(numbers, 3, 6)).toEqual({ items: numbers, page: 3, total: 14, hasMore: false });
  });

  it("shows everything past the last page, and one page with fewer items than a page", () => {
    expect(paginate(numbers, 50, 6)).toEqual({
      items: numbers,
      page: 3,
      total: 14,
      hasMore: false,
    });
    expect(paginate([1, 2, 3], 1)).toEqual({ items: [1, 2, 3], page: 1, total: 3, hasMore: false });
    expect(paginate([], 4)).toEqual({ items: [], page: 1, total: 0, hasMore: false });
  });

  it("uses the blog's page size by default", () => {
    expect(paginate(numbers, 1).items).toHaveLength(blogPageSize);
  });
});

describe("isCanonicalBlogQuery", () => {
  const view = { q: "cloud security", category: "Cybersecurity", page: 2 };

  it("accepts the address buildBlogSearch writes, in any parameter order", () => {
    expect(isCanonicalBlogQuery(new URLSearchParams(buildBlogSearch(view)), view)).toBe(true);
    expect(
      isCanonicalBlogQuery(
        new URLSearchParams("page=2&category=Cybersecurity&q=cloud%20security&utm=x"),
        view,
      ),
    ).toBe(true);
    expect(isCanonicalBlogQuery(new URLSearchParams(""), { q: "", category: "", page: 1 })).toBe(
      true,
    );
  });

  it("refuses other spellings of the same view", () => {
    const first = { q: "", category: "", page: 1 };
    for (const search of ["page=1", "page=01", "page=abc", "q=%20"]) {
      expect(isCanonicalBlogQuery(new URLSearchParams(search), first), search).toBe(false);
    }
    // The search as typed, with spaces around it, shows the trimmed search.
    expect(
      isCanonicalBlogQuery(
        new URLSearchParams("q=cloud+security+&category=Cybersecurity&page=2"),
        view,
      ),
    ).toBe(false);
  });
});
