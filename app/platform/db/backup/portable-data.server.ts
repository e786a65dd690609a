// All of the site's data as portable JSON, read from one consistent snapshot of either engine and
// written back into either. Tables and foreign keys come from the database's catalogue, so a new
// table needs no change here; binary columns travel as {"$base64": ...}.
import { type Kysely, sql } from "kysely";
import { getDialectName } from "~/platform/db/dialect.server";
import { readMigrationNames } from "~/platform/db/migrate.server";
import type { Db } from "~/platform/db/tables.server";

export const portableFormat = "clearline-site-data";
export const portableVersion = 1;

type Row = Record<string, unknown>;
export type PortableData = {
  format: typeof portableFormat;
  version: number;
  exportedAt: string;
  engine: "sqlite" | "postgres";
  /** The migrations the data was written under; an import needs all of them. */
  migrations: string[];
  /** The latest of them: the release's schema version (absent in exports before it was kept). */
  schemaVersion?: string;
  /** Tables in foreign-key order (parents first), each with its rows. */
  tables: Array<{ name: string; rows: Row[] }>;
};

export class PortableDataError extends Error {
  override name = "PortableDataError";
}

// The migrations' bookkeeping (Kysely's and the release ledger): each database keeps its own.
const isSiteTable = (name: string) => !name.startsWith("kysely_") && !name.startsWith("sqlite_");

/**
 * Tables whose rows a migration writes (the page cache's data version): a fresh database holds
 * them, so they do not make it "already hold data", and an import replaces them with its own.
 */
const seededTables = new Set(["data_versions"]);

type Catalogue = {
  tables: string[];
  parents: Map<string, Set<string>>;
  columns: Map<string, Set<string>>;
};

function groupColumns(rows: { table: string; column: string }[]): Map<string, Set<string>> {
  const columns = new Map<string, Set<string>>();
  for (const { table, column } of rows) {
    if (!columns.has(table)) columns.set(table, new Set());
    columns.get(table)?.add(column);
  }
  return columns;
}

async function readCatalogue(db: Kysely<unknown>): Promise<Catalogue> {
  const parents = new Map<string, Set<string>>();
  if (getDialectName(db) === "postgres") {
    const listed = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    const tables = listed.rows.map((row) => row.name).filter(isSiteTable);
    const keys = await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
    for (const { child, parent } of keys.rows) {
      if (!parents.has(child)) parents.set(child, new Set());
      parents.get(child)?.add(parent);
    }
    const columns = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()`.execute(db);
    return { tables: tables.sort(), parents, columns: groupColumns(columns.rows) };
  }
  const listed = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table'`.execute(db);
  const tables = listed.rows.map((row) => row.name).filter(isSiteTable);
  const columns: { table: string; column: string }[] = [];
  for (const table of tables) {
    const keys = await sql<{ parent: string }>`
      select "table" as parent from pragma_foreign_key_list(${table})`.execute(db);
    parents.set(table, new Set(keys.rows.map((row) => row.parent)));
    const info = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
      db,
    );
    columns.push(...info.rows.map((row) => ({ table, column: row.name })));
  }
  return { tables: tables.sort(), parents, columns: groupColumns(columns) };
}

/** Every site table's columns, by table: what a schema is, for comparing two databases. */
export async function readSchemaColumns(db: Db): Promise<Map<string, Set<string>>> {
  return (await readCatalogue(db as Kysely<unknown>)).columns;
}

/** Parents before children; a table referring to itself does not wait for itself. */
export function sortByForeignKeys(tables: string[], parents: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) {
      if (parent !== table && tables.includes(parent)) visit(parent, path);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Binary values travel as base64; everything else in our schema is JSON already. */
function toPortable(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString("base64") };
  if (typeof value === "bigint") return value.toString();
  return value;
}

function fromPortable(value: unknown, engine: "sqlite" | "postgres"): unknown {
  if (value && typeof value === "object" && "$base64" in value) {
    return Buffer.from(String((value as { $base64: unknown }).$base64), "base64");
  }
  if (engine === "sqlite" && typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * Reads every site table inside one read-only snapshot transaction, so the export is consistent
 * while the site keeps taking writes (WAL on SQLite, repeatable read on PostgreSQL).
 */
export async function exportData(db: Db): Promise<PortableData> {
  const engine = getDialectName(db);
  return db.connection().execute(async (connection) => {
    await (engine === "postgres"
      ? sql`begin isolation level repeatable read read only`
      : sql`begin`
    ).execute(connection);
    try {
      const { tables, parents } = await readCatalogue(connection as Kysely<unknown>);
      const migrations = await readMigrationNames(connection as Kysely<unknown>);
      const result: PortableData["tables"] = [];
      for (const name of sortByForeignKeys(tables, parents)) {
        const rows = await sql<Row>`select * from ${sql.table(name)}`.execute(connection);
        result.push({
          name,
          rows: rows.rows.map((row) =>
            Object.fromEntries(Object.entries(row).map(([key, value]) => [key, toPortable(value)])),
          ),
        });
      }
      return {
        format: portableFormat,
        version: portableVersion,
        exportedAt: new Date().toISOString(),
        engine,
        migrations,
        schemaVersion: migrations.at(-1),
        tables: result,
      };
    } finally {
      await sql`commit`.execute(connection);
    }
  });
}

export function parsePortableData(text: string): PortableData {
  let data: PortableData;
  try {
    data = JSON.parse(text) as PortableData;
  } catch {
    throw new PortableDataError("The file is not JSON: is it an export of this site?");
  }
  if (data?.format !== portableFormat || !Array.isArray(data.tables)) {
    throw new PortableDataError("The file is not an export of this site's data");
  }
  if (data.version > portableVersion) {
    throw new PortableDataError(
      `The export is format ${data.version}; this version of the site reads up to ${portableVersion}`,
    );
  }
  return data;
}

async function countRows(db: Kysely<unknown>, tables: string[]): Promise<number> {
  let total = 0;
  for (const table of tables) {
    const result = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)}`.execute(db);
    total += Number(result.rows[0]?.n ?? 0);
  }
  return total;
}

/** Ids given explicitly leave PostgreSQL's identity counters behind: move them past the data. */
async function advanceIdentities(db: Kysely<unknown>, tables: string[]): Promise<void> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(db);
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (!tables.includes(table)) continue;
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** Most bytes of binary values (uploaded images) written by one insert statement. */
const maxBatchBinaryBytes = 16 * 1024 * 1024;

/**
 * The rows in insert-sized groups: well under both engines' limit on bound parameters per
 * statement, and, for rows carrying images, a few megabytes per statement rather than all at once.
 */
function splitIntoBatches(rows: Row[]): Row[][] {
  const columns = Object.keys(rows[0] ?? {}).length;
  const maxRows = Math.max(1, Math.floor(5000 / Math.max(columns, 1)));
  const batches: Row[][] = [];
  let batch: Row[] = [];
  let binaryBytes = 0;
  for (const row of rows) {
    const rowBytes = Object.values(row).reduce<number>(
      (total, value) =>
        value && typeof value === "object" && "$base64" in value
          ? total + String((value as { $base64: unknown }).$base64).length
          : total,
      0,
    );
    if (
      batch.length > 0 &&
      (batch.length >= maxRows || binaryBytes + rowBytes > maxBatchBinaryBytes)
    ) {
      batches.push(batch);
      batch = [];
      binaryBytes = 0;
    }
    batch.push(row);
    binaryBytes += rowBytes;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export type ImportReport = {
  tables: number;
  rows: number;
  /** Tables and columns ("table.column") of older data that this release no longer has. */
  leftOut: string[];
};

/**
 * Writes data into db in one transaction: all of it or nothing. The database must hold no rows
 * unless replace is set, which first deletes every row of every site table.
 */
export async function importData(
  db: Db,
  data: PortableData,
  { replace = false }: { replace?: boolean } = {},
): Promise<ImportReport> {
  const engine = getDialectName(db);
  const ours = await readMigrationNames(db as Kysely<unknown>);
  const known = new Set(ours);
  const missing = data.migrations.filter((name) => !known.has(name));
  if (missing.length > 0) {
    const theirs = data.schemaVersion ?? data.migrations.at(-1) ?? missing.join(", ");
    throw new PortableDataError(
      `This data comes from a newer release of the site (schema ${theirs}; this one is at ${ours.at(-1) ?? "none"}): upgrade the site first, then try again`,
    );
  }
  const { tables, parents, columns } = await readCatalogue(db as Kysely<unknown>);
  // Older data may hold tables and columns a later migration dropped: they are left out, and
  // columns added since take their defaults.
  const leftOut = data.tables
    .filter((table) => !tables.includes(table.name))
    .map((table) => table.name);
  const adapted = data.tables
    .filter((table) => tables.includes(table.name))
    .map(({ name, rows }) => {
      const current = columns.get(name) ?? new Set<string>();
      const dropped = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
        (column) => !current.has(column),
      );
      leftOut.push(...dropped.map((column) => `${name}.${column}`));
      if (dropped.length === 0) return { name, rows };
      return {
        name,
        rows: rows.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([column]) => current.has(column))),
        ),
      };
    });
  const order = sortByForeignKeys(tables, parents);
  const carried = new Set(adapted.map((table) => table.name));
  return db.transaction().execute(async (trx) => {
    const target = trx as unknown as Kysely<unknown>;
    const dataTables = order.filter((table) => !seededTables.has(table));
    if ((await countRows(target, dataTables)) > 0 && !replace) {
      throw new PortableDataError(
        "The database already holds data: import into an empty one, or pass --replace to delete what it holds first",
      );
    }
    for (const table of [...order].reverse()) {
      // A seeded row stays unless the import brings its own (an export older than its table).
      if (seededTables.has(table) && !carried.has(table)) continue;
      await sql`delete from ${sql.table(table)}`.execute(target);
    }
    const byName = new Map(adapted.map((table) => [table.name, table.rows]));
    let rows = 0;
    for (const table of order) {
      const tableRows = byName.get(table) ?? [];
      for (const values of splitIntoBatches(tableRows)) {
        // biome-ignore lint/suspicious/noExplicitAny: table names come from the catalogue at run time.
        await (trx as Kysely<any>)
          .insertInto(table)
          .values(
            values.map((row) =>
              Object.fromEntries(
                Object.entries(row).map(([key, value]) => [key, fromPortable(value, engine)]),
              ),
            ),
          )
          .execute();
      }
      rows += tableRows.length;
    }
    if (engine === "postgres") await advanceIdentities(target, order);
    return { tables: byName.size, rows, leftOut };
  });
}
