// `npm run release` as a server gets it: the tarball unpacked into an empty folder, production
// dependencies installed with `npm ci --omit=dev`, started on SQLite and on PostgreSQL (its role
// and database made by deploy/postgres-setup.sh), serving pages and the admin's sign-in.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameRelease } from "~/platform/db/migrate.server";
import { startTempPostgres, type TempPostgres } from "../../scripts/postgres";
import { hasPostgresPrograms } from "../support/postgres-site";
import { postJson, type ServerProcess, startServerProcess } from "../support/server-process";
import { testAdmin } from "../support/test-site";

const root = fileURLToPath(new URL("../..", import.meta.url));

if (!hasPostgresPrograms) {
  console.warn("Release on PostgreSQL skipped: PostgreSQL's server programs were not found");
}

function runIn(cwd: string, command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 180_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("a release installed with production dependencies only", () => {
  let dir: string;
  let release: string;
  const servers: ServerProcess[] = [];
  let postgres: TempPostgres | undefined;

  /** The release's own entry, as the systemd unit starts it (WorkingDirectory, node server/index.ts). */
  async function startRelease(name: string, env: Record<string, string>) {
    const data = join(dir, name);
    mkdirSync(data);
    const server = await startServerProcess(
      { IMAGE_CACHE_DIR: join(data, "image-cache"), UPLOADS_DIR: join(data, "uploads"), ...env },
      { entry: join(release, "server/index.ts"), cwd: release },
    );
    servers.push(server);
    return server;
  }

  async function expectPagesServed(server: ServerProcess) {
    for (const path of ["/", "/admin/login"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain("</html>");
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-release-test-"));
    const tarball = join(dir, "site.tar.gz");
    const packed = runIn(root, "npm", ["run", "release", "--", tarball]);
    if (packed.code !== 0) throw new Error(`npm run release failed:\n${packed.output}`);
    const unpacked = join(dir, "srv");
    mkdirSync(unpacked);
    const untar = runIn(unpacked, "tar", ["-xzf", tarball]);
    if (untar.code !== 0) throw new Error(`tar failed:\n${untar.output}`);
    const [folder] = readdirSync(unpacked);
    release = join(unpacked, folder ?? "");
    // From npm's cache when it holds every package (CI installed them just before), else the registry.
    const started = Date.now();
    const installed = runIn(release, "npm", [
      ...["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"],
    ]);
    if (installed.code !== 0) throw new Error(`npm ci --omit=dev failed:\n${installed.output}`);
    console.log(`npm ci --omit=dev took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);

  afterAll(() => {
    for (const server of servers) server.kill();
    postgres?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("holds the build and what runs it, no sources, and installs no development tool", () => {
    expect(readdirSync(release).sort()).toEqual(
      [
        ".nvmrc",
        "README.md",
        "build",
        "deploy",
        "docs",
        "node_modules",
        "package-lock.json",
        "package.json",
        "release.json",
        "scripts",
        "server",
      ].sort(),
    );
    expect(readdirSync(join(release, "server"))).toEqual(["index.ts"]);
    // What the deployment files and the README send the operator to read is there to read.
    for (const doc of ["deploy.md", "backups.md", "operations.md", "mail.md"]) {
      expect(existsSync(join(release, "docs", doc)), doc).toBe(true);
    }
    // (TypeScript itself comes, as an optional peer of React Router's server packages.)
    for (const tool of ["vite", "vitest", "@react-router/dev", "@biomejs/biome", "tailwindcss"]) {
      expect(existsSync(join(release, "node_modules", tool)), tool).toBe(false);
    }
  });

  it("is named by its commit and its build's time: a rebuild of one commit is a new folder", () => {
    const info = JSON.parse(readFileSync(join(release, "release.json"), "utf8")) as {
      name: string;
      builtAt: string;
      schemaVersion: string;
    };
    // What a database too new for an older release names it by: its newest migration.
    expect(info.schemaVersion).toBe(nameRelease());
    const name = basename(release);
    expect(info.name).toBe(name);
    const commit = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root });
    const builtAt = statSync(join(root, "build/server/index.js")).mtime;
    const time = `${builtAt.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
    expect(name).toMatch(
      new RegExp(`^clearline-${String(commit.stdout).trim()}(-dirty)?-${time}$`),
    );
    expect(new Date(info.builtAt).getTime()).toBe(builtAt.getTime());
    // Packing the same build again gives the same name: the name follows the build, not the packing.
    const again = join(dir, "again.tar.gz");
    const packed = runIn(root, "npm", ["run", "release", "--", again]);
    expect(packed.code, packed.output).toBe(0);
    expect(packed.output).toContain(`Release name: ${name}`);
    const listed = runIn(dir, "tar", ["-tzf", again]);
    expect(listed.output.split("\n")[0]).toBe(`${name}/`);
  });

  it("serves on SQLite, logs the first admin's password once, and runs the admin command", async () => {
    const database = `file:${join(dir, "sqlite", "site.db")}`;
    const server = await startRelease("sqlite", { DATABASE_URL: database });
    await expectPagesServed(server);
    // The production builds of React, though nothing set NODE_ENV.
    expect(server.output()).toContain('"mode":"production"');

    const password = /with password (\S+)/.exec(server.output())?.[1] ?? "";
    expect(password).not.toBe("");
    expect(server.output().split(password)).toHaveLength(2);
    const login = await postJson(server.url, "/api/admin/login", {
      email: "admin@example.com",
      password,
    });
    expect(login.status).toBe(200);

    // The operator's command in the release: no install, no build, straight to the database.
    const listed = runIn(release, "npm", ["run", "admin", "--", "list"], {
      DATABASE_URL: database,
    });
    expect(listed.output).toContain("admin@example.com");
    expect(listed.output).not.toMatch(/Installing|Building/);
    expect(listed.code).toBe(0);

    // The daily backup as deploy/systemd/clearline-backup.service runs it: from the data folder.
    const dataDir = join(dir, "sqlite");
    const backup = runIn(dataDir, process.execPath, [join(release, "scripts/data.ts"), "backup"], {
      DATABASE_URL: database,
    });
    expect(backup.code, backup.output).toBe(0);
    expect(readdirSync(join(dataDir, "backups"))).toEqual([
      expect.stringMatching(/^site-.+\.tar\.gz$/),
    ]);
    // Three processes start in turn: room for a loaded machine, as the PostgreSQL case has.
  }, 60_000);

  it.skipIf(!hasPostgresPrograms)(
    "serves on PostgreSQL as the least-privileged role deploy/postgres-setup.sh makes",
    async () => {
      postgres = await startTempPostgres();
      if (!postgres) throw new Error("PostgreSQL's programs are installed but it did not start");
      const superuser = new URL(postgres.url);
      const setup = runIn(release, "bash", ["deploy/postgres-setup.sh"], {
        PGHOST: superuser.hostname,
        PGPORT: superuser.port,
        PGUSER: superuser.username,
        DB_PORT: superuser.port,
      });
      expect(setup.code, setup.output).toBe(0);
      const databaseUrl = /^DATABASE_URL=(\S+)$/m.exec(setup.output)?.[1] ?? "";
      expect(databaseUrl).toMatch(/^postgres:\/\/clearline:[\w-]+@127\.0\.0\.1:\d+\/clearline$/);

      const server = await startRelease("postgres", {
        DATABASE_URL: databaseUrl,
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
      });
      await expectPagesServed(server);
      expect((await postJson(server.url, "/api/admin/login", testAdmin)).status).toBe(200);

      // The role owns its database and nothing more.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = current_user",
        );
        expect(rows).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false }]);
        await expect(client.query("create database another_site")).rejects.toThrow(
          /permission denied/,
        );
      } finally {
        await client.end();
      }
    },
    60_000,
  );
});
