// What the routes' handles say, read from the real routes: the page cache's matcher finds the
// route React Router answers with, and the admin menu is the one the shell draws.
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { loadRouteManifest } from "../../tests/support/route-manifest";
import { createPathMatcher } from "./path-matcher";
import { collectRouteFacts, type RouteManifest } from "./route-facts.server";

const manifest = await loadRouteManifest();
const facts = collectRouteFacts(manifest);

/** The manifest as React Router's nested route objects. */
function toRouteObjects(parentId: string | undefined): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route?.index
        ? { id: route.id, index: true }
        : { id: route?.id, path: route?.path, children: toRouteObjects(route?.id) },
    );
}

function getFullPath(id: string): string {
  const parts: string[] = [];
  for (
    let route = manifest[id];
    route;
    route = route.parentId ? manifest[route.parentId] : undefined
  )
    parts.unshift(route.path ?? "");
  return `/${parts.filter(Boolean).join("/")}`;
}

describe("createPathMatcher", () => {
  it("picks the route React Router answers with", () => {
    const routeObjects = toRouteObjects(undefined);
    const answering = Object.values(manifest).filter(
      (route): route is NonNullable<RouteManifest[string]> =>
        Boolean(route && (route.index || route.path)),
    );
    const match = createPathMatcher(answering.map((route) => [getFullPath(route.id), route.id]));
    for (const path of [
      "/",
      "/about",
      "/About",
      "/services",
      "/services/it-strategy-consulting",
      "/services/a/b",
      "/blog",
      "/blog/feed.xml",
      "/blog/some-article",
      "/case-studies/x",
      "/admin",
      "/admin/login",
      "/admin/articles",
      "/admin/leads",
      "/admin/leads/subscribers.csv",
      "/admin/articles/abc",
      "/admin/history/article/abc",
      "/admin/a/b/c",
      "/administrator",
      "/api",
      "/api/content",
      "/api/admin/articles/x/restore",
      "/api/nothing/here",
      "/og/index.png",
      "/nowhere/at/all",
      "/unsubscribe",
      "/%61bout",
    ]) {
      const expected = matchRoutes(routeObjects, path)?.at(-1)?.route.id;
      expect(match(path)?.value, path).toBe(expected);
    }
  });
});

describe("collectRouteFacts", () => {
  it("makes the admin menu from the admin screens' handles, in menu order", () => {
    expect(facts.adminNav).toEqual([
      { to: "/edit", label: "Content", alsoAt: ["/admin", "/working-editor"] },
      { to: "/content", label: "More content" },
      { to: "/admin/navigation", label: "Navigation" },
      { to: "/admin/brand", label: "Brand" },
      { to: "/admin/articles", label: "Articles", nested: true },
      { to: "/admin/case-studies", label: "Case studies", nested: true },
      { to: "/admin/pages", label: "Pages", nested: true },
      { to: "/images", label: "Images" },
      { to: "/admin/insights", label: "Insights" },
      { to: "/admin/leads", label: "Leads", nested: true, badge: "new-messages" },
      { to: "/admin/newsletter", label: "Newsletter", nested: true, role: "owner" },
      { to: "/admin/history", label: "History", nested: true },
      { to: "/admin/redirects", label: "Redirects", role: "owner" },
      { to: "/admin/activity", label: "Activity", role: "owner" },
      { to: "/admin/admins", label: "Admins", role: "owner" },
      { to: "/admin/settings", label: "Settings", role: "owner" },
      { to: "/admin/account", label: "Your account" },
      { to: "/admin/security", label: "Security" },
    ]);
  });

  it("names the role each admin route needs, owners' screens and downloads included", () => {
    for (const path of [
      "/admin/admins",
      "/admin/settings",
      "/admin/activity",
      "/admin/newsletter",
      "/admin/newsletter/3",
      "/admin/newsletter/subscribers/3/data.json",
      "/admin/leads/subscribers.csv",
      "/admin/leads/contacts/export.json",
    ]) {
      expect(facts.getRequiredRole(path)?.value, path).toBe("owner");
    }
    for (const path of ["/edit", "/content", "/images", "/admin/leads", "/admin/articles/x"]) {
      expect(facts.getRequiredRole(path)?.value, path).toBeUndefined();
    }
    expect(facts.getRequiredRole("/admin/account")?.value).toBeUndefined();
  });

  it("keeps only the public pages in the cache, the blog with its own parameters", () => {
    expect(facts.getCacheRule("/about")?.value).toEqual({ query: [] });
    expect(facts.getCacheRule("/nowhere")?.value).toEqual({ query: [] });
    expect(facts.getCacheRule("/blog")?.value).toEqual({ query: ["q", "category", "page"] });
    for (const path of ["/unsubscribe", "/admin/leads", "/edit", "/api/content", "/sitemap.xml"]) {
      expect(facts.getCacheRule(path)?.value, path).toBeFalsy();
    }
  });

  it("refuses a handle that does not fit its route", () => {
    const route = (id: string, path: string, handle: unknown) => ({
      id,
      path,
      parentId: "root",
      module: { handle },
    });
    const root = { id: "root", path: "", module: {} };
    expect(() =>
      collectRouteFacts({
        root,
        a: route("a", "a/:id", { page: { title: "A", group: "G", order: 1 } }),
      }),
    ).toThrow(/fixed page has no parameter/);
    expect(() => collectRouteFacts({ root, b: route("b", "b", { page: { title: 3 } }) })).toThrow(
      /handle of route b is not valid/,
    );
    expect(() =>
      collectRouteFacts({ root, c: route("c", "c/:id", { adminNav: { label: "C", order: 1 } }) }),
    ).toThrow(/needs a "to"/);
  });
});
