// Admin roles and devices (issue 20, part A): each admin is an owner or an editor (the admins so
// far are owners), and each session keeps the browser and address it was started from, so an
// admin can see where they are signed in.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("role", "text", (column) => column.notNull().defaultTo("owner"))
    .execute();
  // The User-Agent header as sent, cut to 500 characters; the client's IP address.
  await db.schema.alterTable("admin_sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("admin_sessions").addColumn("address", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_sessions").dropColumn("address").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("user_agent").execute();
  await db.schema.alterTable("admins").dropColumn("role").execute();
}
