// Issue 20, part C: the single-use links admin emails carry (a password reset, valid 30 minutes;
// an invitation to become an admin, valid 72 hours), and the browsers each admin has signed in
// from, so that a sign-in from a new one sends a notice.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/platform/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("admin_email_links"))
    // "reset" or "invite"
    .addColumn("kind", "text", (column) => column.notNull())
    // The account's email (a reset) or the invitee's (an invite), in lower case.
    .addColumn("email", "text", (column) => column.notNull())
    // The role an invite gives ("owner" or "editor"); null for a reset.
    .addColumn("role", "text")
    // Only a hash: a leaked table opens no account.
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("admin_email_links_kind_email")
    .on("admin_email_links")
    .columns(["kind", "email"])
    .execute();

  await db.schema
    .createTable("admin_known_browsers")
    .addColumn("admin_id", "integer", (column) =>
      column.notNull().references("admins.id").onDelete("cascade"),
    )
    // A hash of the browser's long-lived device cookie.
    .addColumn("browser_hash", "text", (column) => column.notNull())
    .addColumn("first_seen_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("admin_known_browsers_pk", ["admin_id", "browser_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_known_browsers").execute();
  await db.schema.dropIndex("admin_email_links_kind_email").execute();
  await db.schema.dropTable("admin_email_links").execute();
}
