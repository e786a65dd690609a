// The site's settings (issue 17): one row per setting, starting with the site time zone; and the
// go-live record of scheduled items, whose primary key lets exactly one server process record
// each item's publication on schedule, however many run and however often they restart.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_settings")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("publication_go_lives")
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("item_id", "text", (column) => column.notNull())
    .addColumn("publish_at", "text", (column) => column.notNull())
    .addColumn("recorded_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("publication_go_lives_pk", ["kind", "item_id", "publish_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("publication_go_lives").execute();
  await db.schema.dropTable("site_settings").execute();
}
