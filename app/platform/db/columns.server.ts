// Column helpers for migrations that must read the same on SQLite and PostgreSQL.
import type { CreateTableBuilder, Kysely } from "kysely";
import { getDialectName } from "./dialect.server";

/** An auto-incrementing integer primary key named id. */
export function addIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, "id"> {
  return getDialectName(db) === "postgres"
    ? table.addColumn("id", "integer", (column) =>
        column.primaryKey().generatedByDefaultAsIdentity(),
      )
    : table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement());
}
