// The one list of the app's layers, lowest first. scripts/import-graph.ts checks the imports
// against it, and `node scripts/layers.ts --write` makes biome.json's import rules from it.
import { readFileSync, writeFileSync } from "node:fs";

/**
 * A module may import from its own folder, from other entries of a lower layer, never sideways.
 * An entry with a `*` names files by pattern (one folder name each): they take that entry's layer
 * although a higher entry's folder holds them (each block's fields, read by the layers below pages).
 */
export const layers: readonly (readonly string[])[] = [
  ["app/platform/", "app/ui/"],
  ["app/capabilities/mail/", "app/capabilities/workspace/", "app/capabilities/old-addresses/"],
  ["app/capabilities/media/"],
  ["app/capabilities/rich-text/"],
  ["app/capabilities/fields/"],
  ["app/features/pages/blocks/*/fields.ts"],
  ["app/capabilities/blocks/"],
  ["app/features/admin/"],
  ["app/features/content/"],
  ["app/features/publishing/", "app/features/leads/"],
  ["app/features/newsletter/", "app/features/redirects/", "app/features/insights/"],
  ["app/features/pages/", "app/root.tsx", "app/entry.server.tsx", "app/routes.ts"],
  ["server/"],
];

const patternEntries = layers.flat().filter((entry) => entry.includes("*"));

/** Whether a module falls under an entry: a folder or file by prefix, a pattern exactly. */
function isUnder(file: string, entry: string): boolean {
  if (!entry.includes("*")) return file.startsWith(entry);
  return new RegExp(`^${entry.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]+")}$`).test(file);
}

/** The entry a module belongs to: a pattern it matches before the folder around it. */
function findEntry(file: string): string | undefined {
  return (
    patternEntries.find((entry) => isUnder(file, entry)) ??
    layers.flat().find((entry) => isUnder(file, entry))
  );
}

/** The layer of a module (its index in `layers`), or -1 outside them. */
export function getLayerRank(file: string): number {
  const entry = findEntry(file);
  return entry === undefined ? -1 : layers.findIndex((layer) => layer.includes(entry));
}

/** The folder a module sits in when that folder is one entry among others of its layer. */
export function getLayerEntry(file: string): string | undefined {
  const entry = findEntry(file);
  return entry?.endsWith("/") ? entry : undefined;
}

const serverPatterns = ["../server/**", "../**/server/**"];

/** The import specifiers that reach an entry, as Biome's noRestrictedImports globs. */
function toPatterns(entry: string): string[] {
  if (entry === "server/") return serverPatterns;
  const fromApp = entry
    .replace(/^app\//, "")
    .replace(/\/$/, "")
    .replace(/\.tsx?$/, "");
  if (!entry.endsWith("/")) return [`**/${fromApp}`];
  const name = fromApp.split("/").at(-1);
  return [`**/${fromApp}/**`, `../${name}/**`, `../../${name}/**`];
}

const toName = (entry: string) => entry.replace(/^app\//, "").replace(/\/$/, "");

/** The pattern entries inside a folder entry: files of its folder that sit in another layer. */
const listPatternsInside = (folder: string) =>
  patternEntries.filter((pattern) => folder.endsWith("/") && pattern.startsWith(folder));

/**
 * One Biome override per layer folder (and pattern): it refuses imports from higher layers and its
 * siblings, but not of a lower pattern's files inside a higher folder.
 */
export function makeLintOverrides() {
  return layers.flatMap((layer, rank) =>
    layer
      .filter((entry) => (entry.endsWith("/") || entry.includes("*")) && entry !== "server/")
      .map((entry) => {
        const siblings = layer.filter((other) => other !== entry && other.endsWith("/"));
        const higher = layers.slice(rank + 1).flat();
        const banned = [...siblings, ...higher].filter((other) => other !== "server/");
        const allowed = banned
          .flatMap(listPatternsInside)
          .filter((pattern) => !banned.includes(pattern))
          .map((pattern) => `!${toPatterns(pattern)[0]}`);
        const patterns = [
          {
            group: [...banned.flatMap(toPatterns), ...allowed],
            message: `Imports run one way: ${toName(entry)} imports only from lower layers (scripts/layers.ts).`,
          },
          {
            group: serverPatterns,
            message:
              "Imports run one way: server/ is the host, above the app; the app never imports it.",
          },
        ].filter((pattern) => pattern.group.length > 0);
        const own = entry.includes("*") ? entry : `${entry}**`;
        return {
          includes: [own, ...listPatternsInside(entry).map((pattern) => `!${pattern}`)],
          linter: {
            rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } },
          },
        };
      }),
  );
}

type Override = { includes: string[]; linter?: { rules?: { style?: object } } };
const isLayerRule = (override: Override) =>
  JSON.stringify(override.linter?.rules?.style ?? {}).includes("noRestrictedImports");

/** biome.json with its import rules made from the layer list (other overrides kept). */
export function makeBiomeConfig(current: string): string {
  const config = JSON.parse(current) as { overrides: Override[] };
  config.overrides = [...config.overrides.filter((o) => !isLayerRule(o)), ...makeLintOverrides()];
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The import rules biome.json holds now, to compare with the ones the list makes. */
export function readLintOverrides(current: string): Override[] {
  return (JSON.parse(current) as { overrides: Override[] }).overrides.filter(isLayerRule);
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes("--write")) {
  writeFileSync("biome.json", makeBiomeConfig(readFileSync("biome.json", "utf8")));
  console.log("biome.json: import rules made from scripts/layers.ts (run biome format on it)");
}
