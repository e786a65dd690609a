// The routes of app/routes.ts with their modules loaded, shaped as the server build's `routes`
// (ids and nesting as React Router gives them), so unit tests read the real routes' handles
// without a build (platform/route-facts.server.ts collects them).
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteManifest } from "~/platform/route-facts.server";
import routes from "~/routes";

function loadModule(file: string): Promise<{ handle?: unknown }> {
  return import(/* @vite-ignore */ `../../app/${file}`);
}

export async function loadRouteManifest(): Promise<RouteManifest> {
  const manifest: RouteManifest = {
    root: { id: "root", path: "", module: await loadModule("root.tsx") },
  };
  async function add(entries: readonly RouteConfigEntry[], parentId: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = await loadModule(entry.file);
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module };
      if (entry.children) await add(entry.children, id);
    }
  }
  await add(await routes, "root");
  return manifest;
}
