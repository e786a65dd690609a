// Which URLs share a cached page and which are never cached.
import { describe, expect, it } from "vitest";
import { getPageKey } from "./keys.server";

describe("getPageKey", () => {
  it("ignores the query of a page that reads none", () => {
    expect(getPageKey("/about?utm_source=mail&fbclid=1")).toEqual({
      key: "/about",
      pathWithQuery: "/about",
    });
  });

  it("keeps only the blog's own parameters, in a fixed order, empty ones dropped", () => {
    expect(getPageKey("/blog?utm=1&category=Cloud&q=cost&page=2")?.key).toBe(
      "/blog?q=cost&category=Cloud&page=2",
    );
    expect(getPageKey("/blog?category=Cloud&q=cost")?.key).toBe(
      getPageKey("/blog?q=cost&category=Cloud")?.key,
    );
    expect(getPageKey("/blog?q=")?.key).toBe("/blog");
  });

  it("never caches the admin, the API, files, data requests or personal pages", () => {
    for (const url of [
      "/admin/login",
      "/edit",
      "/working-editor",
      "/content",
      "/images",
      "/api/content",
      "/assets/app.js",
      "/favicon.svg",
      "/blog.data?q=x",
      "/unsubscribe?token=abc",
      "/__manifest?paths=%2Fblog&version=abc",
      "//evil.example/path",
      "/\\evil.example",
      // Not canonical: answered with a 301 to /services, never from the cache.
      "/Services",
      "/services/",
      "/Services/?utm_source=mail",
    ]) {
      expect(getPageKey(url), url).toBeUndefined();
    }
  });
});
