import { describe, expect, it } from "vitest";
import { renderRobotsTxt, renderSitemapXml } from "./crawlers.server";

describe("renderSitemapXml", () => {
  it("lists each page's absolute address, with its date when known, escaped", () => {
    const xml = renderSitemapXml("https://example.com", [
      { path: "/", id: "/", title: "Home", group: "Main Pages", kind: "page" },
      {
        path: "/blog/a&b",
        id: "a&b",
        title: "A & B",
        group: "Articles",
        kind: "article",
        lastModified: "2023-06-08",
      },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://example.com/</loc></url>",
        "  <url><loc>https://example.com/blog/a&amp;b</loc><lastmod>2023-06-08</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});

describe("renderRobotsTxt", () => {
  const robots = renderRobotsTxt("https://example.com");
  const lines = robots.split("\n");

  it("allows the public pages and keeps admin, editor and API paths out", () => {
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/edit", "/working-editor", "/images", "/content", "/api"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Allow: /images/");
  });

  it("points to the sitemap", () => {
    expect(lines).toContain("Sitemap: https://example.com/sitemap.xml");
  });
});
