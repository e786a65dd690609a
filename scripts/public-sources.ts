// The modules no public page loads (the admin screens and what only they import), read from the
// routes and the import graph: app.css, inlined into every public page, leaves their classes out.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Plugin } from "vite";
import routes from "../app/routes.ts";
import { readImportGraph } from "./import-graph.ts";

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The layout every admin screen sits in: what is under it is never a public page. */
const adminLayout = "features/admin/routes/admin-layout.tsx";

/**
 * Modules the server reads for their data whose markup only admin screens draw: the field kit,
 * whose kinds keep their schema (validating stored content) and their control in one file. The
 * walk does not enter them, so neither their classes nor those of the controls they import reach
 * a public page's stylesheet.
 */
const drawnOnlyInAdmin = new Set(["app/capabilities/fields/field-kinds.tsx"]);

function listRouteFiles(entries: RouteConfigEntry[], underAdmin = false): string[] {
  return entries.flatMap((entry) => {
    const admin = underAdmin || entry.file === adminLayout;
    return [...(admin ? [] : [entry.file]), ...listRouteFiles(entry.children ?? [], admin)];
  });
}

/**
 * The modules of app/ (paths from app/) that no public route, nor the document around it, nor
 * the server reaches by its imports.
 */
export async function listAdminOnlySources(root: string): Promise<string[]> {
  const graph = readImportGraph(root);
  const publicRoutes = listRouteFiles(await routes).map((file) => `app/${file}`);
  const starts = [
    "app/root.tsx",
    "app/entry.server.tsx",
    ...publicRoutes,
    ...[...graph.keys()].filter((file) => file.startsWith("server/") && !isTest(file)),
  ];
  const reached = new Set<string>();
  const queue = [...starts];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file) || drawnOnlyInAdmin.has(file)) continue;
    reached.add(file);
    queue.push(...(graph.get(file) ?? []));
  }
  return [...graph.keys()]
    .filter((file) => file.startsWith("app/") && !reached.has(file))
    .map((file) => file.slice("app/".length))
    .sort();
}

/** Adds an `@source not` for each admin-only module to app.css, before Tailwind reads it. */
export function publicStylesheetPlugin(root: string): Plugin {
  return {
    name: "public-stylesheet-sources",
    enforce: "pre",
    async transform(code, id) {
      // The stylesheet itself (Vite asks for it as ?transform-only), not an import of its URL.
      const [path = "", query = ""] = id.split("?");
      if (!/[\\/]app[\\/]app\.css$/.test(path) || /\b(url|raw)\b/.test(query)) return undefined;
      const excluded = await listAdminOnlySources(root);
      return `${code}\n${excluded.map((file) => `@source not "./${file}";`).join("\n")}\n`;
    },
  };
}
