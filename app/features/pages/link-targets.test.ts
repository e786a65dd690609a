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
    expect(findLinkTargets(pages, "TRUST small").targets.map((target) => target.path)).toEqual([
      "/blog/zero-trust",
    ]);
    expect(findLinkTargets(pages, "case-studies").targets.map((target) => target.title)).toEqual([
      "Fleet Tracking",
    ]);
    expect(findLinkTargets(pages, "nothing like it")).toEqual({ targets: [], total: 0 });
  });

  it("answers every page for an empty search, at most a short list", () => {
    expect(findLinkTargets(pages, "  ").targets).toHaveLength(4);
    const many = Array.from({ length: 50 }, (_, index) => page(`/p${index}`, `Page ${index}`));
    const found = findLinkTargets(many, "page");
    expect(found.targets).toHaveLength(maxLinkTargets);
    expect(found.total).toBe(50);
  });

  it("lists the owner's built pages first, though the site's own pages would fill the list", () => {
    const fixed = Array.from({ length: 30 }, (_, index) => page(`/p${index}`, `Page ${index}`));
    const built: SitePage = { ...page("/careers", "Careers", "Pages"), built: true };
    const { targets, total } = findLinkTargets([...fixed, built], "");
    expect(targets[0]?.path).toBe("/careers");
    expect(targets).toHaveLength(maxLinkTargets);
    expect(total).toBe(31);
    expect(findLinkTargets([...fixed, built], "page").targets[0]?.path).toBe("/p0");
  });
});
