// Runs the migrations of /migrations, bundled at build time, in name order, so that the previous
// release keeps running on the database: expand steps only add, contract steps say who may not.
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Logger } from "pino";
import { getDialectName } from "./dialect.server";

/**
 * A migration that drops or renames something: released one release after the code stopped using
 * it. `requires` is the oldest release (by its newest migration) that runs on the database after
 * it; `unusedSince` the commit whose code no longer used what `drops` names (checked by a test).
 */
export type ContractStep = { requires: string; unusedSince: string; drops: string[] };
export type SiteMigration = Migration & { contract?: ContractStep };

const modules = import.meta.glob<SiteMigration>("../../../migrations/*.ts", { eager: true });

export const migrations: Record<string, SiteMigration> = Object.fromEntries(
  Object.entries(modules).map(([path, migration]) => [
    path.slice(path.lastIndexOf("/") + 1, -".ts".length),
    migration,
  ]),
);

/**
 * The last migration the releases before this runner know. Kysely's table (kysely_migration)
 * keeps exactly the migrations up to it, since their Migrator refuses a database listing one it
 * does not know; every later one is recorded in `releaseLedger`, where no Migrator looks.
 */
export const lastKyselyMigration = "0026_insights";
export const kyselyLedger = "kysely_migration";
/** kysely_ like Kysely's own: every release's backup leaves such tables out. */
export const releaseLedger = "kysely_release_migration";
/** Kysely's migration lock on PostgreSQL: this runner and an older release's Migrator take turns. */
const kyselyLockId = "3853314791062309107";

/** A release is named by its newest migration: its schema version, as backups state it. */
export function nameRelease(known: Record<string, unknown> = migrations): string {
  return Object.keys(known).sort().at(-1) ?? "none";
}

/** A database migrated by a release newer than this one that dropped what this one still uses. */
export class DatabaseTooNewError extends Error {
  override name = "DatabaseTooNewError";
}

const isMigrationName = (name: string) => /^\d{4}_\w+$/.test(name);

/**
 * The row a contract step leaves in Kysely's table for a release that reads only that table: its
 * Migrator stops on a name it does not know and prints it, so the name says what to do.
 */
export function nameGuardRow(migration: string, requires: string): string {
  return `${migration} (this database needs release ${requires} or later; to go back, restore a backup taken before the upgrade)`;
}

type LedgerRow = { name: string; timestamp: string; release: string; requires: string | null };
type Ledgers = {
  kysely_migration: { name: string; timestamp: string };
  kysely_release_migration: LedgerRow;
};
type MigrateOptions = {
  logger?: Logger | undefined;
  /** Say nothing of unknown steps: a worker whose primary has said it already. */
  quiet?: boolean | undefined;
  /** The migrations to run (tests); the release's own by default. */
  known?: Record<string, SiteMigration>;
};
type Runner = MigrateOptions & { db: Kysely<Ledgers>; known: Record<string, SiteMigration> };

async function ensureLedgers(db: Kysely<Ledgers>): Promise<void> {
  // As Kysely's Migrator makes it, so that an older release's Migrator reads it as its own.
  await db.schema
    .createTable(kyselyLedger)
    .ifNotExists()
    .addColumn("name", "varchar(255)", (column) => column.notNull().primaryKey())
    .addColumn("timestamp", "varchar(255)", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable(releaseLedger)
    .ifNotExists()
    .addColumn("name", "varchar(255)", (column) => column.notNull().primaryKey())
    .addColumn("timestamp", "varchar(255)", (column) => column.notNull())
    .addColumn("release", "varchar(255)", (column) => column.notNull())
    .addColumn("requires", "varchar(255)")
    .execute();
}

/**
 * Moves the rows of migrations after lastKyselyMigration out of Kysely's table (where releases
 * before this runner recorded them) into the release ledger, so the previous release runs here.
 */
async function moveLaterRows(db: Kysely<Ledgers>, release: string): Promise<void> {
  const rows = await db.selectFrom(kyselyLedger).select(["name", "timestamp"]).execute();
  const later = rows.filter((row) => isMigrationName(row.name) && row.name > lastKyselyMigration);
  if (later.length === 0) return;
  const names = later.map((row) => row.name);
  const present = new Set(
    (await db.selectFrom(releaseLedger).select("name").where("name", "in", names).execute()).map(
      (row) => row.name,
    ),
  );
  const moved = later.filter((row) => !present.has(row.name));
  if (moved.length > 0) {
    await db
      .insertInto(releaseLedger)
      .values(moved.map((row) => ({ ...row, release, requires: null })))
      .execute();
  }
  await db.deleteFrom(kyselyLedger).where("name", "in", names).execute();
}

/** Stops on a contract step this release is too old for; warns once of other unknown steps. */
function checkUnknown({ known, logger, quiet }: Runner, rows: LedgerRow[], release: string): void {
  const unknown = rows.filter((row) => !(row.name in known));
  if (unknown.length === 0) return;
  const blocking = unknown
    .filter((row) => row.requires !== null && row.requires > release)
    .sort((a, b) => String(a.requires).localeCompare(String(b.requires)))
    .at(-1);
  if (blocking) {
    throw new DatabaseTooNewError(
      `This database was upgraded by release ${blocking.release}; run release ${blocking.requires} or later, or restore a backup taken before the upgrade (this is release ${release})`,
    );
  }
  const newest = unknown.sort((a, b) => a.name.localeCompare(b.name)).at(-1);
  const message = `The database holds ${unknown.length} migration(s) this release (${release}) does not know, up to ${newest?.name} by release ${newest?.release}: they only add, so this release runs on it`;
  if (quiet) return;
  if (logger) logger.warn(message);
  else console.warn(message);
}

async function runPending(runner: Runner, release: string): Promise<void> {
  const { db, known } = runner;
  await ensureLedgers(db);
  await moveLaterRows(db, release);
  const kyselyRows = await db.selectFrom(kyselyLedger).select(["name", "timestamp"]).execute();
  const ledgerRows = await db.selectFrom(releaseLedger).selectAll().execute();
  checkUnknown(runner, ledgerRows, release);
  const done = new Set([...kyselyRows, ...ledgerRows].map((row) => row.name));
  // An older release's Migrator orders its rows by time: each new one comes after the last, even
  // when the clock went back (as Kysely's own Migrator does).
  let last = Math.max(0, ...kyselyRows.map((row) => Date.parse(row.timestamp) || 0));
  for (const name of Object.keys(known).sort()) {
    if (done.has(name)) continue;
    const migration = known[name] as SiteMigration;
    try {
      await migration.up(db as Kysely<unknown>);
    } catch (error) {
      throw new Error(
        `Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    last = Math.max(Date.now(), last + 1);
    const timestamp = new Date(last).toISOString();
    if (name <= lastKyselyMigration) {
      await db.insertInto(kyselyLedger).values({ name, timestamp }).execute();
      continue;
    }
    const requires = migration.contract?.requires ?? null;
    await db.insertInto(releaseLedger).values({ name, timestamp, release, requires }).execute();
    if (requires && requires > lastKyselyMigration) {
      await db
        .insertInto(kyselyLedger)
        .values({ name: nameGuardRow(name, requires), timestamp })
        .execute();
    }
  }
}

/**
 * Brings the schema up to date in one transaction, under Kysely's own migration lock on
 * PostgreSQL (SQLite's transaction starts with the write lock).
 */
export async function migrateToLatest<Schema>(
  database: Kysely<Schema>,
  { known = migrations, ...options }: MigrateOptions = {},
): Promise<void> {
  const release = nameRelease(known);
  const postgres = getDialectName(database) === "postgres";
  const lock = sql.raw(kyselyLockId);
  await (database as unknown as Kysely<Ledgers>).connection().execute(async (connection) => {
    if (postgres) await sql`select pg_advisory_lock(${lock})`.execute(connection);
    try {
      await connection
        .transaction()
        .execute((db) => runPending({ ...options, db, known }, release));
    } finally {
      if (postgres) await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}

/** Every migration the database has run, by name, whichever table records it. */
export async function readMigrationNames<Schema>(database: Kysely<Schema>): Promise<string[]> {
  const db = database as unknown as Kysely<Ledgers>;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const names: string[] = [];
  for (const table of [kyselyLedger, releaseLedger] as const) {
    if (!tables.some((found) => found.name === table)) continue;
    const rows = await db.selectFrom(table).select("name").execute();
    names.push(...rows.map((row) => row.name).filter(isMigrationName));
  }
  return names.sort();
}
