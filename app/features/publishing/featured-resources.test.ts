// Featured Resources list the chosen articles and case studies that are published, nothing else.
import { describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { defaultArticles } from "./default-articles";
import { defaultCaseStudies } from "./default-case-studies";
import { listFeaturedTabs } from "./featured-resources";

describe("featured resources", () => {
  it("shows the spec's three tabs with two real items each by default", () => {
    const tabs = listFeaturedTabs(
      defaultContent.blog.featuredTabs,
      defaultArticles,
      defaultCaseStudies,
    );
    expect(tabs.map((tab) => tab.label)).toEqual([
      "Guides & Tutorials",
      "Success Stories",
      "Industry Insights",
    ]);
    for (const tab of tabs) expect(tab.resources).toHaveLength(2);
    const titles = new Set([...defaultArticles, ...defaultCaseStudies].map((item) => item.title));
    for (const resource of tabs.flatMap((tab) => tab.resources)) {
      expect(titles).toContain(resource.title);
    }
    expect(tabs[1]?.viewAllHref).toBe("/case-studies");
    expect(tabs[0]?.viewAllHref).toBe("/blog");
  });

  it("leaves out addresses that are not published and hides a tab left empty", () => {
    const [article] = defaultArticles;
    const [study] = defaultCaseStudies;
    if (!article || !study) throw new Error("defaults missing");
    const tabs = listFeaturedTabs(
      [
        { label: "Gone", items: ["/blog/a-draft-or-deleted-article"] },
        {
          label: "Mixed",
          items: [`/case-studies/${study.id}`, "/case-studies/unknown", `/blog/${article.id}`],
        },
      ],
      [article],
      [study],
    );
    expect(tabs).toEqual([
      {
        value: "tab-2",
        label: "Mixed",
        position: 1,
        viewAllHref: "/blog",
        resources: [
          expect.objectContaining({ kind: "case-study", title: study.title }),
          expect.objectContaining({ kind: "article", title: article.title }),
        ],
      },
    ]);
    expect(listFeaturedTabs(defaultContent.blog.featuredTabs, [], [])).toEqual([]);
  });

  it("cuts long texts at 150 characters without a space before the ellipsis", () => {
    const article = {
      id: "long",
      title: "Long",
      category: "Cloud",
      excerpt: `${"a".repeat(149)} tail`,
    };
    const [tab] = listFeaturedTabs([{ label: "T", items: ["/blog/long"] }], [article], []);
    expect(tab?.resources[0]?.description).toBe(`${"a".repeat(149)}...`);
  });
});
