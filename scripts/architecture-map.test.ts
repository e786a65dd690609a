// The map cannot drift from the house: docs/architecture.md names every folder of the layer list
// in its layer table, lowest first, and every stage of the host in "How a request flows".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { getLayerRank, layers } from "./layers.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const map = readFileSync(`${root}docs/architecture.md`, "utf8");

/** The text of the section under a "## " heading that starts with `heading`, up to the next one. */
function readSection(heading: string): string {
  const start = map.indexOf(`\n## ${heading}`);
  if (start === -1) throw new Error(`docs/architecture.md has no section "## ${heading}"`);
  const end = map.indexOf("\n## ", start + 1);
  return map.slice(start, end === -1 ? undefined : end);
}

/** The text between `open` at `from` and its closing bracket; strings and brackets inside skipped. */
function readBracketed(source: string, from: number): string {
  const closing: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  const stack: string[] = [];
  for (let at = from; at < source.length; at++) {
    const char = source.charAt(at);
    if (char === '"' || char === "'" || char === "`") {
      at = source.indexOf(char, at + 1);
      if (at === -1) break;
    } else if (char in closing) stack.push(closing[char] ?? "");
    else if (char === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return source.slice(from + 1, at);
    }
  }
  throw new Error(`Unbalanced brackets from offset ${from}`);
}

/** The arguments of a call, split at its top-level commas. */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text.charAt(at);
    if (char === '"' || char === "'" || char === "`") {
      at = text.indexOf(char, at + 1);
      if (at === -1) break;
    } else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === "," && depth === 0) {
      parts.push(text.slice(start, at).trim());
      start = at + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== "");
}

/**
 * The host's stages, read from the code: the files of server/stages/ when the host is built from
 * stage files; until then the named handlers createSiteApp mounts in server/app.ts (a route's
 * path for app.get, the handler's name or maker for app.use; inline functions have no name).
 */
function listHostStages(): string[] {
  const stagesDir = `${root}server/stages`;
  if (existsSync(stagesDir)) {
    return readdirSync(stagesDir).filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/^index\./.test(name),
    );
  }
  // Whole-line comments dropped: their apostrophes are not quotes.
  const source = readFileSync(`${root}server/app.ts`, "utf8").replace(/^\s*\/\/.*$/gm, "");
  const stages = [...source.matchAll(/\bapp\.(use|get)\(/g)].flatMap((call) => {
    const args = splitArguments(readBracketed(source, (call.index ?? 0) + call[0].length - 1));
    // app.get with one argument reads a setting ("trust proxy fn"); with a handler it is a route.
    const [first = "", ...rest] = args;
    if (call[1] === "get") return rest.length > 0 ? [first.replace(/^"|"$/g, "")] : [];
    const name = /^(?!async\b|function\b)([A-Za-z_$][\w$.]*)/.exec(args.at(-1) ?? "")?.[1];
    return name ? [name] : [];
  });
  return [...new Set(stages)];
}

describe("docs/architecture.md", () => {
  it("names every folder of scripts/layers.ts in its layer table, lowest layer first", () => {
    const table = readSection("The layers");
    const missing = layers.flat().filter((entry) => !table.includes(`\`${entry}\``));
    expect(missing, "add these to the layer table of docs/architecture.md").toEqual([]);
    const ranks = layers
      .flat()
      .sort((a, b) => table.indexOf(`\`${a}\``) - table.indexOf(`\`${b}\``))
      .map(getLayerRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it("names every stage of the host in its request flow", () => {
    const stages = listHostStages();
    expect(stages.length).toBeGreaterThan(3);
    const flow = readSection("How a request flows");
    const missing = stages.filter((stage) => !flow.includes(stage));
    expect(missing, 'add these to "How a request flows" in docs/architecture.md').toEqual([]);
  });

  it("answers where each of these is done", () => {
    const answers = readSection("Where is X done?");
    for (const question of [
      "A redirect",
      "A page view counted",
      "A block rendered",
      "A mail sent",
      "A page cached and dropped",
    ]) {
      expect(answers).toContain(`**${question}`);
    }
  });
});
