// The previous release, built from its git commit, runs on a database this release migrated, on
// SQLite and PostgreSQL: a rollback needs no restore. It serves pages and stores a contact message;
// this release then starts on the same database again. A database a newer release contracted
// stops either release with one line naming the release it needs, never a stack.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabaseAsIs } from "~/platform/db/database.server";
import {
  migrateToLatest,
  migrations,
  nameRelease,
  type SiteMigration,
} from "~/platform/db/migrate.server";
import { getTestDatabaseKinds } from "../support/databases";
import { buildEarlierRelease, type EarlierRelease } from "../support/earlier-release";
import {
  findStackTraces,
  postJson,
  spawnServer,
  startServerProcess,
} from "../support/server-process";

const work = mkdtempSync(join(tmpdir(), "site-previous-release-"));
let previous: EarlierRelease;

beforeAll(() => {
  previous = buildEarlierRelease();
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The pages a visitor sees first: served whole, by either release. */
async function expectServed(url: string, who: string) {
  for (const path of ["/", "/services", "/contact"]) {
    const response = await fetch(`${url}${path}`);
    expect(response.status, `${who} ${path}`).toBe(200);
    expect(await response.text(), `${who} ${path}`).toContain("</html>");
  }
}

async function sendMessage(url: string, name: string) {
  const response = await postJson(url, "/api/contact", {
    name,
    email: "visitor@example.com",
    message: `Sent to ${name}, kept through every release.`,
  });
  expect(response.status, name).toBe(201);
}

/** A step a newer release expands with: a table of its own. */
const newerTable: SiteMigration = {
  up: async (db) => {
    await db.schema.createTable("newer_notes").addColumn("id", "integer").execute();
  },
};

/** A step a newer release contracts with: it needs a release past this one. */
const newerContract: SiteMigration = {
  up: async () => {},
  contract: { requires: "9000_stop_using", unusedSince: "0".repeat(40), drops: ["x"] },
};

describe.each(getTestDatabaseKinds())("the previous release on $name", (kind) => {
  it("runs on a database this release migrated (from main's bookkeeping), and this release runs again after it", async () => {
    const database = await kind.create();
    const folder = join(work, `${kind.name}-rollback`);
    mkdirSync(folder, { recursive: true });
    const env = {
      DATABASE_URL: kind.name === "sqlite" ? `file:${join(folder, "site.db")}` : database.url,
      UPLOADS_DIR: join(folder, "uploads"),
      IMAGE_CACHE_DIR: join(folder, "image-cache"),
    };
    const db = openDatabaseAsIs(env.DATABASE_URL);
    try {
      // As main's code left it before the runner: every step in Kysely's table.
      const before = await new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
      }).migrateToLatest();
      expect(before.error).toBeUndefined();

      const current = await startServerProcess(env);
      try {
        await expectServed(current.url, "this release");
        await sendMessage(current.url, "this release");
      } finally {
        current.kill();
        await current.exited;
      }
      const kysely = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      expect(kysely.rows.map((row) => row.name).sort()).toEqual(previous.migrations);

      const old = await startServerProcess(env, { entry: previous.entry, cwd: previous.dir });
      try {
        await expectServed(old.url, "the previous release");
        await sendMessage(old.url, "the previous release");
        expect(findStackTraces(old.output())).toEqual([]);
      } finally {
        old.kill();
        await old.exited;
      }

      const again = await startServerProcess(env);
      try {
        await expectServed(again.url, "this release again");
      } finally {
        again.kill();
        await again.exited;
      }
      const stored = await sql<{ name: string }>`
        select name from contact_messages order by id`.execute(db);
      expect(stored.rows.map((row) => row.name)).toEqual(["this release", "the previous release"]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 180_000);

  it("this release runs on a database a newer release expanded, saying so in one line (two workers)", async () => {
    const database = await kind.create();
    const folder = join(work, `${kind.name}-expanded`);
    mkdirSync(folder, { recursive: true });
    const env = {
      DATABASE_URL: kind.name === "sqlite" ? `file:${join(folder, "site.db")}` : database.url,
      WEB_CONCURRENCY: "2",
    };
    const db = openDatabaseAsIs(env.DATABASE_URL);
    try {
      await migrateToLatest(db, { known: { ...migrations, "9001_newer_table": newerTable } });
      const server = await startServerProcess(env);
      try {
        await expectServed(server.url, "this release");
        await sendMessage(server.url, "this release");
        const warnings = server
          .output()
          .split("\n")
          .filter((line) => line.includes("9001_newer_table"));
        expect(warnings).toEqual([
          expect.stringContaining(
            `1 migration(s) this release (${nameRelease()}) does not know, up to 9001_newer_table`,
          ),
        ]);
      } finally {
        server.kill();
        await server.exited;
      }
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 60_000);

  it("stops, in one line naming the release needed, on a database a newer release contracted", async () => {
    const database = await kind.create();
    const folder = join(work, `${kind.name}-newer`);
    mkdirSync(folder, { recursive: true });
    const env = {
      DATABASE_URL: kind.name === "sqlite" ? `file:${join(folder, "site.db")}` : database.url,
    };
    const db = openDatabaseAsIs(env.DATABASE_URL);
    try {
      await migrateToLatest(db, { known: { ...migrations, "9001_drop_unused": newerContract } });
      for (const [who, options] of [
        ["the previous release", { entry: previous.entry, cwd: previous.dir }],
        ["this release", {}],
      ] as const) {
        const server = spawnServer(env, options);
        expect(await server.exited, who).toBe(1);
        const lines = server.output().trim().split("\n");
        expect(lines, who).toEqual([expect.stringContaining("9000_stop_using or later")]);
      }
      const server = spawnServer(env);
      await server.exited;
      expect(server.output().trim()).toBe(
        `This database was upgraded by release 9001_drop_unused; run release 9000_stop_using or later, or restore a backup taken before the upgrade (this is release ${nameRelease()})`,
      );
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 60_000);
});
