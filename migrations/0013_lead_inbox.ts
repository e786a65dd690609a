// The leads inbox (issue 19): each contact message has a state the owner works it through (new,
// handled, spam; what the spam guard held is spam), when it was handled, and its searchable text
// folded once (platform/search-text.ts) so search reads the same on SQLite and PostgreSQL. And the
// test emails an admin asks for, so the leads screen can show whether the latest one arrived.
import { type Kysely, sql } from "kysely";
import { addIdColumn } from "../app/platform/db/columns.server";
import { foldForSearch } from "../app/platform/search-text";

type MessageRow = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("contact_messages")
    .addColumn("state", "text", (column) => column.notNull().defaultTo("new"))
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("handled_at", "text").execute();
  await db.schema
    .alterTable("contact_messages")
    .addColumn("search_text", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  await sql`update contact_messages set state = 'spam' where spam_verdict is not null`.execute(db);
  // The messages kept so far get their folded text; a firm's inbox is small enough to do it here.
  const rows = await sql<MessageRow>`
    select id, name, email, company, message from contact_messages`.execute(db);
  for (const row of rows.rows) {
    const text = foldForSearch([row.name, row.email, row.company ?? "", row.message].join("\n"));
    await sql`update contact_messages set search_text = ${text} where id = ${row.id}`.execute(db);
  }
  await db.schema
    .createIndex("contact_messages_state_created_at")
    .on("contact_messages")
    .columns(["state", "created_at"])
    .execute();
  await db.schema
    .createIndex("contact_messages_email")
    .on("contact_messages")
    .expression(sql`lower(email)`)
    .execute();

  // One row per test email: the outbox row it was queued as (deleted with it).
  await addIdColumn(db, db.schema.createTable("mail_tests"))
    .addColumn("mail_id", "integer", (column) =>
      column.notNull().references("mail_outbox.id").onDelete("cascade"),
    )
    .addColumn("admin_id", "integer")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_tests").execute();
  await db.schema.dropIndex("contact_messages_email").execute();
  await db.schema.dropIndex("contact_messages_state_created_at").execute();
  await db.schema.alterTable("contact_messages").dropColumn("search_text").execute();
  await db.schema.alterTable("contact_messages").dropColumn("handled_at").execute();
  await db.schema.alterTable("contact_messages").dropColumn("state").execute();
}
