// Every way of starting the site runs production: `npm start` as a user types it (no NODE_ENV)
// loads React's production builds and says so at start; the operator's commands print one line,
// not a stack trace, for a folder they cannot write; HSTS covers subdomains only when asked.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { collectOutput, findStackTraces, startServerProcess } from "../support/server-process";
import { mountSmallDisk, type SmallDisk } from "../support/small-disk";

const root = fileURLToPath(new URL("../..", import.meta.url));
const reportReactBuilds = fileURLToPath(
  new URL("../support/report-react-builds.ts", import.meta.url),
);

const dirs: string[] = [];
function makeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "site-production-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The user's environment without NODE_ENV (the test runner sets it to test). */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _testRunners, ...env } = process.env;
  return { ...env, ...extra };
}

describe("npm start", () => {
  it("runs React's production builds with NODE_ENV unset, and its start line says production", async () => {
    const dir = makeDir();
    // Its own process group: npm starts a shell that starts node; all of them stop at the end.
    const child = spawn("npm", ["start"], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: userEnv({
        NODE_OPTIONS: `--import=${reportReactBuilds}`,
        DATABASE_URL: `file:${join(dir, "site.db")}`,
        IMAGE_CACHE_DIR: join(dir, "image-cache"),
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "info",
      }),
    });
    const output = collectOutput(child);
    // Every process of the group has ended and written its last words.
    const closed = new Promise((resolve) => child.on("close", resolve));
    const stop = () => {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    };
    try {
      const deadline = Date.now() + 120_000;
      while (!/"msg":"Site listening/.test(output())) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`npm start did not listen:\n${output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const port = Number(/"port":(\d+)/.exec(output())?.[1]);
      for (const path of ["/", "/about", "/admin/login"]) {
        expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200);
      }
      expect(output()).toMatch(
        /"mode":"production","msg":"Site listening on port \d+ \(production\)"/,
      );
    } finally {
      stop();
    }
    await closed;
    const ran = output().match(/React build run by start\.ts: \S+/g) ?? [];
    expect(ran.some((line) => line.includes("react-dom-server.node.production"))).toBe(true);
    expect(ran.some((line) => line.endsWith("/react/cjs/react.production.js"))).toBe(true);
    expect(ran.filter((line) => line.includes(".development."))).toEqual([]);
  }, 150_000);

  it("ignores another NODE_ENV in the server's environment, saying so in one warning", async () => {
    const dir = makeDir();
    const server = await startServerProcess({
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      NODE_ENV: "development",
    });
    try {
      expect(server.output()).toContain(
        "NODE_ENV=development ignored: this entry always runs production (npm run dev is development)",
      );
      expect(server.output()).toContain('"mode":"production"');
    } finally {
      server.kill();
    }
  });
});

describe("HSTS", () => {
  it("covers the site's own host by default, and its subdomains only when the owner asks", async () => {
    for (const [setting, expected] of [
      [undefined, "max-age=63072000"],
      ["true", "max-age=63072000; includeSubDomains"],
    ] as const) {
      const dir = makeDir();
      const server = await startServerProcess({
        DATABASE_URL: `file:${join(dir, "site.db")}`,
        SITE_URL: "https://clearline.test",
        ...(setting ? { HSTS_INCLUDE_SUBDOMAINS: setting } : {}),
      });
      try {
        const page = await fetch(`${server.url}/about`);
        expect(page.headers.get("strict-transport-security")).toBe(expected);
      } finally {
        server.kill();
      }
    }
  });
});

describe("a folder the site cannot write", () => {
  let disk: SmallDisk;

  afterAll(async () => {
    await disk?.unmount();
  });

  /** Runs one of the operator's commands as npm runs it; answers its exit code and output. */
  function runCommand(script: string, args: string[], env: Record<string, string>, cwd = root) {
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [join(root, script), ...args], {
        cwd,
        env: userEnv({ LOG_LEVEL: "warn", ...env }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output = collectOutput(child);
      child.on("close", (code) => resolve({ code, output: output() }));
    });
  }

  it("gets one clear line naming it from every command and from the server, never a stack", async () => {
    disk = await mountSmallDisk(1024 * 1024);
    await disk.setReadOnly(true);
    const readOnly = disk.dir;
    const dir = makeDir();
    const database = `file:${join(dir, "site.db")}`;
    const exported = join(dir, "site.json");
    const archive = join(dir, "site.tar.gz");
    // Something to restore and import, from a database that works.
    expect(
      (await runCommand("scripts/data.ts", ["export", exported], { DATABASE_URL: database })).code,
    ).toBe(0);
    expect(
      (await runCommand("scripts/data.ts", ["backup", archive], { DATABASE_URL: database })).code,
    ).toBe(0);

    const unwritableDb = { DATABASE_URL: `file:${join(readOnly, "data", "site.db")}` };
    const runs: Array<[string, Promise<{ code: number | null; output: string }>]> = [
      ["admin", runCommand("scripts/admin.ts", ["list"], unwritableDb)],
      ["restore", runCommand("scripts/data.ts", ["restore", archive], unwritableDb)],
      ["import", runCommand("scripts/data.ts", ["import", exported], unwritableDb)],
      [
        "export",
        runCommand("scripts/data.ts", ["export", join(readOnly, "site.json")], {
          DATABASE_URL: database,
        }),
      ],
      [
        "backup",
        runCommand("scripts/data.ts", ["backup", join(readOnly, "site.tar.gz")], {
          DATABASE_URL: database,
        }),
      ],
      // The daily backup's default place: backups/ in the working folder.
      [
        "backup here",
        runCommand("scripts/data.ts", ["backup"], { DATABASE_URL: database }, readOnly),
      ],
      ["start", runCommand("server/index.ts", [], { ...unwritableDb, PORT: "0" })],
    ];
    for (const [name, run] of runs) {
      const { code, output } = await run;
      expect(code, `${name}: ${output}`).toBe(1);
      expect(findStackTraces(output), name).toEqual([]);
      const lines = output.trim().split("\n");
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toContain(readOnly);
      expect(lines[0], name).toMatch(/^(\w+ failed: .*)?Cannot /);
    }
  }, 120_000);
});
