// The migration runner keeps the previous release running on a database it migrated, on SQLite and
// PostgreSQL: Kysely's table lists only what f0415cb knows, a database migrated before the runner
// is moved over once, a newer release's additive steps are run past with one warning line, and a
// newer release's contract step stops this one with one line naming the release it needs.
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { openDatabaseAsIs } from "~/platform/db/database.server";
import {
  DatabaseTooNewError,
  lastKyselyMigration,
  migrateToLatest,
  migrations,
  nameGuardRow,
  nameRelease,
  readMigrationNames,
  type SiteMigration,
} from "~/platform/db/migrate.server";
import type { Db } from "~/platform/db/tables.server";
import { getTestDatabaseKinds } from "../support/databases";
import { listMigrationsAt, previousRelease } from "../support/earlier-release";

async function withDatabase(
  kind: ReturnType<typeof getTestDatabaseKinds>[number],
  run: (db: Db, url: string) => Promise<void>,
): Promise<void> {
  const database = await kind.create();
  const db = openDatabaseAsIs(database.url);
  try {
    await run(db, database.url);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

async function readNames(db: Db, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

/** A logger that keeps its lines, as an operator's journal would. */
function collectLog(): { logger: pino.Logger; lines: () => string[] } {
  const lines: string[] = [];
  const logger = pino({ base: undefined }, { write: (line: string) => lines.push(line) });
  return { logger, lines: () => lines.map((line) => JSON.parse(line).msg) };
}

/** A step a newer release adds: a table of its own. */
const newerTable: SiteMigration = {
  up: async (db) => {
    await db.schema
      .createTable("newer_release_notes")
      .addColumn("id", "integer", (column) => column.primaryKey())
      .execute();
  },
};

/** A step a newer release contracts with: drops what releases before 8000_stop_using it read. */
const newerDrop: SiteMigration = {
  up: async (db) => {
    await db.schema.dropTable("visit_conversion_visitors").execute();
  },
  contract: { requires: "8000_stop_using", unusedSince: "0".repeat(40), drops: ["x"] },
};

const later = Object.keys(migrations).filter((name) => name > lastKyselyMigration);

describe.each(getTestDatabaseKinds())("the migration runner on $name", (kind) => {
  it("leaves in Kysely's table exactly what the previous release knows, and records each later step with its release", async () => {
    await withDatabase(kind, async (db) => {
      await migrateToLatest(db);
      expect(await readNames(db, "kysely_migration")).toEqual(listMigrationsAt(previousRelease));
      const ledger = await sql<{ name: string; release: string; requires: string | null }>`
        select name, release, requires from kysely_release_migration order by name`.execute(db);
      expect(ledger.rows).toEqual(
        later.map((name) => ({ name, release: nameRelease(), requires: null })),
      );
      expect(await readMigrationNames(db)).toEqual(Object.keys(migrations).sort());
      // Twice is once: nothing runs again.
      await migrateToLatest(db);
      expect(await readMigrationNames(db)).toEqual(Object.keys(migrations).sort());
    });
  });

  it("moves a database migrated before the runner (every step in Kysely's table) over once", async () => {
    await withDatabase(kind, async (db) => {
      const before = await new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
      }).migrateToLatest();
      expect(before.error).toBeUndefined();
      expect(await readNames(db, "kysely_migration")).toEqual(Object.keys(migrations).sort());
      await migrateToLatest(db);
      expect(await readNames(db, "kysely_migration")).toEqual(listMigrationsAt(previousRelease));
      expect(await readNames(db, "kysely_release_migration")).toEqual(later);
      await migrateToLatest(db);
      expect(await readNames(db, "kysely_release_migration")).toEqual(later);
    });
  });

  it("runs on past a newer release's additive step with one warning line", async () => {
    await withDatabase(kind, async (db) => {
      await migrateToLatest(db, { known: { ...migrations, "9000_newer_notes": newerTable } });
      const { logger, lines } = collectLog();
      await migrateToLatest(db, { logger });
      expect(lines()).toEqual([
        `The database holds 1 migration(s) this release (${nameRelease()}) does not know, up to 9000_newer_notes by release 9000_newer_notes: they only add, so this release runs on it`,
      ]);
      expect(await readNames(db, "kysely_migration")).toEqual(listMigrationsAt(previousRelease));
    });
  });

  it("stops on a newer release's contract step with one line naming the release it needs", async () => {
    await withDatabase(kind, async (db) => {
      await migrateToLatest(db, { known: { ...migrations, "9000_drop_visitors": newerDrop } });
      // The previous release reads only Kysely's table: the guard row stops it, naming the release.
      expect(await readNames(db, "kysely_migration")).toEqual(
        [
          ...listMigrationsAt(previousRelease),
          nameGuardRow("9000_drop_visitors", "8000_stop_using"),
        ].sort(),
      );
      const failure = await migrateToLatest(db).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseTooNewError);
      expect((failure as Error).message).toBe(
        `This database was upgraded by release 9000_drop_visitors; run release 8000_stop_using or later, or restore a backup taken before the upgrade (this is release ${nameRelease()})`,
      );
      // A release at or past the one named runs on, warned once.
      const { logger, lines } = collectLog();
      const { "9000_drop_visitors": _, ...known } = {
        ...migrations,
        "8000_stop_using": { up: async () => {} },
        "9000_drop_visitors": newerDrop,
      };
      await migrateToLatest(db, { known, logger });
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toContain("up to 9000_drop_visitors by release 9000_drop_visitors");
    });
  });

  it("lets two instances starting at once migrate one database: one runs each step, the other waits", async () => {
    await withDatabase(kind, async (db, url) => {
      const other = openDatabaseAsIs(url);
      try {
        await Promise.all([migrateToLatest(db), migrateToLatest(other)]);
        expect(await readMigrationNames(db)).toEqual(Object.keys(migrations).sort());
      } finally {
        await other.destroy();
      }
    });
  });
});
