import { describe, expect, it } from "vitest";
import { defaultArticles } from "./default-articles";
import { defaultCaseStudies } from "./default-case-studies";
import { defaultContent } from "./default-content";
import { listSitePages } from "./site-pages";

describe("listSitePages", () => {
  const pages = listSitePages({
    services: defaultContent.services.items,
    caseStudies: defaultCaseStudies,
    articles: defaultArticles,
  });
  const paths = pages.map((page) => page.path);

  it("lists the spec's public routes, every service, case study and article, once each", () => {
    for (const path of ["/", "/option1", "/option2", "/option3", "/services", "/about"]) {
      expect(paths).toContain(path);
    }
    for (const path of ["/case-studies", "/blog", "/contact", "/booking", "/sitemap"]) {
      expect(paths).toContain(path);
    }
    expect(paths).toContain("/privacy-policy");
    expect(paths).toContain("/terms-of-service");
    expect(paths).toContain("/services/it-strategy-consulting");
    expect(paths).toContain("/services/servicenow-development");
    expect(paths.filter((path) => path.startsWith("/services/"))).toHaveLength(7);
    expect(paths).toContain("/case-studies/regional-credit-union-loan-automation");
    expect(paths.filter((path) => path.startsWith("/case-studies/"))).toHaveLength(3);
    expect(paths).toContain("/blog/practical-guide-to-adopting-ai");
    expect(paths.filter((path) => path.startsWith("/blog/"))).toHaveLength(3);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("leaves out the admin screens", () => {
    for (const path of [
      "/admin",
      "/admin/login",
      "/edit",
      "/working-editor",
      "/images",
      "/content",
    ]) {
      expect(paths).not.toContain(path);
    }
  });

  it("dates articles by their publication", () => {
    expect(pages.find((page) => page.path === "/blog/practical-guide-to-adopting-ai")).toEqual({
      path: "/blog/practical-guide-to-adopting-ai",
      kind: "article",
      lastModified: "2023-06-08",
    });
  });

  it("lists two services whose titles give the same slug once", () => {
    const [first] = defaultContent.services.items;
    if (!first) throw new Error("no default service");
    const twice = listSitePages({
      services: [first, { ...first, title: `${first.title}!` }],
      caseStudies: [],
      articles: [],
    });
    expect(twice.filter((page) => page.kind === "service")).toHaveLength(1);
  });
});
