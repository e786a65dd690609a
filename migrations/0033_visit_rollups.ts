// Insights' daily rollups: each finished day's visit figures summed once (page views and visitors
// per page; visits per entry page, referrer, source, device, browser and campaign; conversions),
// so a report reads a row per day and value, never a row per visitor. Additive only.
import { type Kysely, sql } from "kysely";
import { getDialectName } from "../app/platform/db/dialect.server";

/**
 * On SQLite the rollups are stored in their primary key's order (without rowid): a report's read
 * of a dimension over a range of days is then one contiguous scan, no lookup per row.
 */
const clusteredByKey = (db: Kysely<unknown>) =>
  sql.raw(getDialectName(db) === "sqlite" ? "without rowid" : "");

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visit_rolled_days")
    .addColumn("day", "text", (column) => column.primaryKey())
    .addColumn("visits", "integer", (column) => column.notNull())
    .addColumn("views", "integer", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("visit_day_pages")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("path", "text", (column) => column.notNull())
    .addColumn("views", "integer", (column) => column.notNull())
    .addColumn("visitors", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_day_pages_pk", ["day", "path"])
    .modifyEnd(clusteredByKey(db))
    .execute();
  // The admin lists ask for a few paths' views since a day.
  await db.schema
    .createIndex("visit_day_pages_path")
    .on("visit_day_pages")
    .columns(["path", "day"])
    .execute();
  await db.schema
    .createTable("visit_day_visits")
    .addColumn("dimension", "text", (column) => column.notNull())
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("detail", "text", (column) => column.notNull())
    .addColumn("visits", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_day_visits_pk", ["dimension", "day", "value", "detail"])
    .modifyEnd(clusteredByKey(db))
    .execute();
  await db.schema
    .createTable("visit_day_conversions")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("entry_path", "text", (column) => column.notNull())
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("conversions", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_day_conversions_pk", ["day", "kind", "entry_path", "source"])
    .modifyEnd(clusteredByKey(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visit_day_conversions").execute();
  await db.schema.dropTable("visit_day_visits").execute();
  await db.schema.dropTable("visit_day_pages").execute();
  await db.schema.dropTable("visit_rolled_days").execute();
}
