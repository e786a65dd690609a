// Redirect rules the owner writes (exact path or prefix, to a path or URL, 301/302/410), one
// history entry per rule change, hits on the automatic redirects of renamed items too, and the
// missing addresses: paths that answered 404, counted per day, no visitor data.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/platform/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("redirect_rules"))
    // The address as matched: a lower-case path without trailing slash, and any query it needs.
    .addColumn("source", "text", (column) => column.notNull())
    // "exact" or "prefix" (the path and everything under it)
    .addColumn("match", "text", (column) => column.notNull())
    // A site path or an http(s) URL; empty for 410 Gone.
    .addColumn("target", "text", (column) => column.notNull())
    .addColumn("status", "integer", (column) => column.notNull())
    .addColumn("hits", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("last_hit_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("redirect_rules_source")
    .on("redirect_rules")
    .columns(["match", "source"])
    .unique()
    .execute();

  await addIdColumn(db, db.schema.createTable("redirect_changes"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("author", "text")
    // "add", "edit", "delete" or "import"
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("rule_id", "integer")
    // The rule before and after, as JSON (null where it did not exist).
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();

  await db.schema
    .createTable("missing_addresses")
    .addColumn("path", "text", (column) => column.notNull())
    // YYYY-MM-DD (UTC)
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("hits", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("missing_addresses_pk", ["path", "day"])
    .execute();
  await db.schema
    .createIndex("missing_addresses_day")
    .on("missing_addresses")
    .column("day")
    .execute();

  await db.schema
    .alterTable("publication_redirects")
    .addColumn("hits", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("publication_redirects").addColumn("last_hit_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("publication_redirects").dropColumn("last_hit_at").execute();
  await db.schema.alterTable("publication_redirects").dropColumn("hits").execute();
  await db.schema.dropTable("missing_addresses").execute();
  await db.schema.dropTable("redirect_changes").execute();
  await db.schema.dropTable("redirect_rules").execute();
}
