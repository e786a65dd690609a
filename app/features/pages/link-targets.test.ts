import { describe, expect, it } from "vitest";
import { findLinkTargets, maxLinkTargets } from "./link-targets";
import type { SitePage } from "./site-pages";

const page = (path: string, title: string, group = "Blog"): SitePage => ({
  path,
  id: path,
  title,
  group,
  kind: "page",
});

describe("findLinkTargets", () => {
  const pages = [
    page("/", "Home", "Main"),
    page("/blog/zero-trust", "Zero Trust for Small Firms"),
    page("/blog/cloud-costs", "Cutting Cloud Costs"),
    page("/case-studies/fleet", "Fleet Tracking", "Case Studies"),
  ];

  it("finds pages by every word of their title or address, in any case", () => {
    expect(findLinkTargets(pages, "TRUST small").map((target) => target.path)).toEqual([
      "/blog/zero-trust",
    ]);
    expect(findLinkTargets(pages, "case-studies").map((target) => target.title)).toEqual([
      "Fleet Tracking",
    ]);
    expect(findLinkTargets(pages, "nothing like it")).toEqual([]);
  });

  it("answers every page for an empty search, at most a short list", () => {
    expect(findLinkTargets(pages, "  ")).toHaveLength(4);
    const many = Array.from({ length: 50 }, (_, index) => page(`/p${index}`, `Page ${index}`));
    expect(findLinkTargets(many, "page")).toHaveLength(maxLinkTargets);
  });
});
