// Which URLs share a cached page and which are never cached.
import { describe, expect, it } from "vitest";
import { loadRouteManifest } from "../../../tests/support/route-manifest";
import { collectRouteFacts } from "../route-facts.server";
import { createPageKeyReader } from "./keys.server";

const getPageKey = createPageKeyReader(collectRouteFacts(await loadRouteManifest()).getCacheRule);

describe("getPageKey", () => {
  it("ignores the query of a page that reads none", () => {
    expect(getPageKey("/about?utm_source=mail&fbclid=1")).toEqual({
      key: "/about",
      pathWithQuery: "/about",
      exact: false,
      data: false,
    });
    expect(getPageKey("/about")).toMatchObject({ key: "/about", exact: true });
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

  it("says whether the URL holds anything the key leaves out", () => {
    expect(getPageKey("/blog?q=cloud+security")?.exact).toBe(true);
    expect(getPageKey("/blog?category=Cloud&q=cost")?.exact).toBe(true);
    for (const url of ["/blog?q=", "/blog?q=a&q=b", "/blog?q=a&utm=1", "/services?x=1"]) {
      expect(getPageKey(url)?.exact, url).toBe(false);
    }
  });

  it("keys a navigation's data by its page's parameters and the loaders it asks for", () => {
    expect(getPageKey("/services.data")).toEqual({
      key: "/services.data",
      pathWithQuery: "/services.data",
      exact: true,
      data: true,
    });
    // React Router asks for the home page's data as /_.data.
    expect(getPageKey("/_.data")?.key).toBe("/_.data");
    expect(getPageKey("/blog.data?utm=1&_routes=routes%2Fblog&q=cost")).toEqual({
      key: "/blog.data?q=cost&_routes=routes%2Fblog",
      pathWithQuery: "/blog.data?q=cost&_routes=routes%2Fblog",
      exact: false,
      data: true,
    });
    // A page that reads no query still has one data answer per set of loaders.
    expect(getPageKey("/about.data?_routes=root%2Croutes%2Fabout&x=1")?.key).toBe(
      "/about.data?_routes=root%2Croutes%2Fabout",
    );
    // The page's key and its data's key never meet.
    expect(getPageKey("/services.data")?.key).not.toBe(getPageKey("/services")?.key);
  });

  it("never caches the admin, the API, files, non-canonical data or personal pages", () => {
    for (const url of [
      "/admin/login",
      "/admin.data",
      "/admin/leads.data",
      "/edit",
      "/edit.data",
      "/working-editor",
      "/content",
      "/images",
      "/api/content",
      "/assets/app.js",
      "/favicon.svg",
      "/unsubscribe?token=abc",
      "/unsubscribe.data?token=abc",
      "/healthz.data",
      "/__manifest?paths=%2Fblog&version=abc",
      "//evil.example/path",
      "/\\evil.example",
      // Not canonical: answered with a 301 to /services, never from the cache.
      "/Services",
      "/services/",
      "/Services/?utm_source=mail",
      "/Services.data",
      "/services/_.data",
      "/.data",
      "/blog.json.data",
    ]) {
      expect(getPageKey(url), url).toBeUndefined();
    }
  });
});
