// The one list of the app's layers, lowest first. scripts/import-graph.ts checks the imports
// against it, and `node scripts/layers.ts --write` makes biome.json's import rules from it.
import { readFileSync, writeFileSync } from "node:fs";

/** A module may import from its own folder, from other entries of a lower layer, never sideways. */
export const layers: readonly (readonly string[])[] = [
  ["app/platform/", "app/ui/"],
  ["app/capabilities/mail/", "app/capabilities/workspace/", "app/capabilities/old-addresses/"],
  ["app/capabilities/media/"],
  ["app/capabilities/rich-text/"],
  ["app/capabilities/blocks/"],
  ["app/features/admin/"],
  ["app/features/content/"],
  ["app/features/publishing/", "app/features/leads/"],
  ["app/features/newsletter/", "app/features/redirects/", "app/features/insights/"],
  ["app/features/pages/", "app/root.tsx", "app/entry.server.tsx", "app/routes.ts"],
  ["server/"],
];

/** The layer of a module (its index in `layers`), or -1 outside them. */
export function getLayerRank(file: string): number {
  return layers.findIndex((layer) => layer.some((entry) => file.startsWith(entry)));
}

/** The folder a module sits in when that folder is one entry among others of its layer. */
export function getLayerEntry(file: string): string | undefined {
  return layers.flat().find((entry) => entry.endsWith("/") && file.startsWith(entry));
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

/** One Biome override per layer folder: it refuses imports from higher layers and its siblings. */
export function makeLintOverrides() {
  return layers.flatMap((layer, rank) =>
    layer
      .filter((entry) => entry.endsWith("/") && entry !== "server/")
      .map((entry) => {
        const siblings = layer.filter((other) => other !== entry && other.endsWith("/"));
        const higher = layers.slice(rank + 1).flat();
        const banned = [...siblings, ...higher].filter((other) => other !== "server/");
        const patterns = [
          {
            group: banned.flatMap(toPatterns),
            message: `Imports run one way: ${toName(entry)} imports only from lower layers (scripts/layers.ts).`,
          },
          {
            group: serverPatterns,
            message:
              "Imports run one way: server/ is the host, above the app; the app never imports it.",
          },
        ].filter((pattern) => pattern.group.length > 0);
        return {
          includes: [`${entry}**`],
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
