// Faults and abuse (issue 11): a row /healthz rewrites to prove the database takes writes; an
// idempotency key so a double-submitted contact form stores one message; the SMTP server's answer
// kept with each sent mail; the addresses an admin has signed in from, which an attacker's
// failures elsewhere cannot lock out (docs/decisions/006-login-lockout.md).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("health_checks")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("checked_at", "text", (column) => column.notNull())
    .execute();

  await db.schema.alterTable("contact_messages").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("contact_messages_idempotency_key")
    .unique()
    .on("contact_messages")
    .column("idempotency_key")
    .execute();

  await db.schema.alterTable("mail_outbox").addColumn("smtp_response", "text").execute();

  // Keyed by a hash of email + client network (the /64 for IPv6): no raw address is kept.
  await db.schema
    .createTable("login_known_addresses")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("last_success_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_known_addresses").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("smtp_response").execute();
  await db.schema.dropIndex("contact_messages_idempotency_key").execute();
  await db.schema.alterTable("contact_messages").dropColumn("idempotency_key").execute();
  await db.schema.dropTable("health_checks").execute();
}
