// The Node version check every npm script runs first: one clear line on an old Node, nothing on
// a good one, in a file any Node can parse.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";

const file = new URL("./check-node.cjs", import.meta.url);
const { describeNodeProblem } = createRequire(import.meta.url)("./check-node.cjs") as {
  describeNodeProblem: (version: string) => string | null;
};

function runCheck(version?: string) {
  return spawnSync(process.execPath, [file.pathname], {
    encoding: "utf8",
    env: { ...process.env, ...(version ? { SITE_NODE_VERSION_FOR_TEST: version } : {}) },
  });
}

/** `npm run <name>` with the Node version the check sees; its exit code and error output. */
function runNpmScript(
  name: string,
  version: string,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", name], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      env: { ...process.env, SITE_NODE_VERSION_FOR_TEST: version },
      stdio: ["ignore", "ignore", "pipe"],
      // Its own process group, so that the timeout stops whatever npm started too.
      detached: true,
    });
    const timer = setTimeout(() => process.kill(-(child.pid ?? 0), "SIGKILL"), 45_000);
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("scripts/check-node.cjs", () => {
  it("says in one line what is needed and how to install it, and fails, on Node 20", () => {
    const result = runCheck("v20.11.1");
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("needs Node.js 24.7 or newer (found v20.11.1)");
    expect(lines[0]).toContain("nvm install 24");
  });

  it("passes silently on this Node and judges versions by major and minor", () => {
    const result = runCheck();
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe("");
    expect(describeNodeProblem("v24.7.0")).toBeNull();
    expect(describeNodeProblem("v25.0.0")).toBeNull();
    expect(describeNodeProblem("v24.6.9")).toContain("24.7");
    expect(describeNodeProblem("v18.19.0")).toContain("found v18.19.0");
  });

  it("is plain JavaScript (no TypeScript, no import), so an old Node can run it", () => {
    const source = readFileSync(file, "utf8");
    expect(() => new Script(`(function (require, module) {\n${source}\n})`)).not.toThrow();
    expect(source).not.toMatch(/^\s*import\s|:\s*(string|number|boolean)\b/m);
  });

  it("runs before anything else in every npm script: on Node 20 each says so and exits 1", async () => {
    const { scripts } = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as { scripts: Record<string, string> };
    for (const [name, script] of Object.entries(scripts)) {
      expect(script, name).toMatch(/^node scripts\/check-node\.cjs && /);
    }
    // Two of them as an operator runs them, through npm, to show that npm stops at the failed
    // check (the pattern above holds for the rest): a script that went on would start its real
    // work instead (a server, a backup) and be stopped by the timeout.
    const names = ["start", "backup"];
    const runs = await Promise.all(names.map((name) => runNpmScript(name, "v20.11.1")));
    for (const [index, run] of runs.entries()) {
      expect(run.stderr, names[index]).toContain("needs Node.js 24.7 or newer (found v20.11.1)");
      expect(run.code, names[index]).toBe(1);
    }
  }, 60_000);
});
