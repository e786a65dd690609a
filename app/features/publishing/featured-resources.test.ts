// Featured Resources only offer categories that have published articles.
import { describe, expect, it } from "vitest";
import { featuredTabs, listFeaturedTabs } from "./featured-resources";

describe("featured resources", () => {
  it("shows every card while each category has published articles", () => {
    const all = ["Artificial Intelligence", "Cybersecurity", "Digital Transformation"];
    expect(listFeaturedTabs(all)).toEqual(featuredTabs);
  });

  it("leaves out cards of categories with nothing published, and tabs left empty", () => {
    const tabs = listFeaturedTabs(["Cybersecurity"]);
    expect(tabs.map((tab) => tab.value)).toEqual(["guides", "case-studies"]);
    expect(tabs.flatMap((tab) => tab.resources.map((resource) => resource.href))).toEqual([
      "/blog?category=Cybersecurity",
      "/blog?category=Cybersecurity",
    ]);
    expect(listFeaturedTabs([])).toEqual([]);
  });
});
