// The version of what the public pages show: every store write that changes a public page bumps
// it (markDataChanged), so every server process sharing the database drops its cached pages.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_versions")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("changed_at", "text", (column) => column.notNull())
    .execute();
  await sql`insert into data_versions (name, version, changed_at) values ('site', 1, ${new Date().toISOString()})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_versions").execute();
}
