import { describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { collectRouteFacts } from "~/platform/route-facts.server";
import { getPreviewImagePath, getPreviewPagePath } from "~/platform/seo/preview-image-paths";
import { toSlug } from "~/platform/slug";
import { loadRouteManifest } from "../../../tests/support/route-manifest";
import { renderSitemapXml } from "./crawlers.server";
import { groupSitePages, listSitePages } from "./site-pages";

const routes = collectRouteFacts(await loadRouteManifest()).pages;

describe("listSitePages", () => {
  const pages = listSitePages({
    routes,
    content: defaultContent,
    caseStudies: defaultCaseStudies,
    articles: defaultArticles,
  });
  const paths = pages.map((page) => page.path);

  it("lists the spec's public routes, every service, case study and article, once each", () => {
    for (const path of ["/", "/services", "/about"]) expect(paths).toContain(path);
    // The other home layouts are not offered to search engines.
    for (const path of ["/option1", "/option2", "/option3"]) expect(paths).not.toContain(path);
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

  it("names each page from the content", () => {
    expect(pages.find((page) => page.path === "/services")?.title).toBe(
      defaultContent.services.heading,
    );
    expect(pages.find((page) => page.path === "/services/it-strategy-consulting")?.title).toBe(
      "IT Strategy & Consulting",
    );
    expect(groupSitePages(pages).map((group) => group.title)).toEqual([
      "Main Pages",
      "Services",
      "Case Studies",
      "Articles",
      "Legal",
    ]);
  });

  it("dates an article by its publication until it has an update time", () => {
    expect(
      pages.find((page) => page.path === "/blog/practical-guide-to-adopting-ai")?.lastModified,
    ).toBe("2023-06-08");
  });

  it("dates every page from the time its data last changed", () => {
    const [study] = defaultCaseStudies;
    const [article] = defaultArticles;
    if (!study || !article) throw new Error("no default entries");
    const dated = listSitePages({
      routes,
      content: defaultContent,
      caseStudies: defaultCaseStudies,
      articles: defaultArticles,
      times: {
        content: "2026-01-01T00:00:00.000Z",
        caseStudies: new Map([[study.id, "2026-03-01T00:00:00.000Z"]]),
        articles: new Map([[article.id, "2026-02-01T00:00:00.000Z"]]),
      },
    });
    const timeOf = (path: string) => dated.find((page) => page.path === path)?.lastModified;
    expect(timeOf("/about")).toBe("2026-01-01T00:00:00.000Z");
    expect(timeOf("/services/it-strategy-consulting")).toBe("2026-01-01T00:00:00.000Z");
    expect(timeOf(`/case-studies/${study.id}`)).toBe("2026-03-01T00:00:00.000Z");
    expect(timeOf(`/blog/${article.id}`)).toBe("2026-02-01T00:00:00.000Z");
    // Lists and the home page change with what they list.
    expect(timeOf("/case-studies")).toBe("2026-03-01T00:00:00.000Z");
    // The blog's Featured Resources may list case studies: it changes with everything.
    expect(timeOf("/blog")).toBe("2026-03-01T00:00:00.000Z");
    expect(timeOf("/")).toBe("2026-03-01T00:00:00.000Z");
    for (const page of dated) expect(page.lastModified, page.path).toBeTruthy();
  });

  it("lists two services whose titles give the same slug once", () => {
    const [first] = defaultContent.services.items;
    if (!first) throw new Error("no default service");
    const twice = listSitePages({
      routes,
      content: {
        ...defaultContent,
        services: {
          ...defaultContent.services,
          items: [first, { ...first, title: `${first.title}!` }],
        },
      },
      caseStudies: [],
      articles: [],
    });
    expect(twice.filter((page) => page.kind === "service")).toHaveLength(1);
  });

  it("marks noindex pages of every kind, which both sitemaps leave out", () => {
    const [service, ...services] = defaultContent.services.items;
    const [study, ...studies] = defaultCaseStudies;
    const [article, ...articles] = defaultArticles;
    if (!service || !study || !article) throw new Error("no default records");
    const hidden = listSitePages({
      routes,
      content: {
        ...defaultContent,
        services: {
          ...defaultContent.services,
          items: [{ ...service, noindex: true }, ...services],
        },
        seo: { ...defaultContent.seo, about: { seoDescription: "", noindex: true } },
      },
      caseStudies: [{ ...study, noindex: true }, ...studies],
      articles: [{ ...article, noindex: true }, ...articles],
    });
    const marked = hidden.filter((page) => page.noindex).map((page) => page.path);
    expect(marked.sort()).toEqual(
      [
        "/about",
        `/services/${toSlug(service.title)}`,
        `/case-studies/${study.id}`,
        `/blog/${article.id}`,
      ].sort(),
    );
    expect(hidden).toHaveLength(pages.length);
    const listed = groupSitePages(hidden).flatMap((group) => group.pages.map((page) => page.path));
    expect(listed).toHaveLength(pages.length - 4);
    for (const path of marked) expect(listed).not.toContain(path);
    const xml = renderSitemapXml("https://example.com", hidden);
    for (const path of marked) expect(xml).not.toContain(`https://example.com${path}<`);
    expect(xml).toContain("https://example.com/services<");
  });
});

describe("preview image addresses", () => {
  it("map a page to its image and back", () => {
    for (const path of ["/", "/about", "/services/it-strategy-consulting"]) {
      expect(getPreviewPagePath(getPreviewImagePath(path))).toBe(path);
    }
    expect(getPreviewImagePath("/")).toBe("/og/index.png");
    expect(getPreviewPagePath("/og/logo")).toBeUndefined();
    expect(getPreviewPagePath("/images/a.png")).toBeUndefined();
  });
});
