// Two-factor sign-in (issue 20, part B): an admin's TOTP secret, their single-use recovery codes
// (hashed), their passkeys, and the short-lived pending sign-ins and WebAuthn challenges that carry
// a sign-in from its first step to its second.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/platform/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_totp")
    .addColumn("admin_id", "integer", (column) =>
      column.primaryKey().references("admins.id").onDelete("cascade"),
    )
    // Base32, as the authenticator app got it; never shown again once set up.
    .addColumn("secret", "text", (column) => column.notNull())
    // Null while set-up waits for a first correct code.
    .addColumn("enabled_at", "text")
    // The last 30-second step a code was accepted for: a code is never taken twice.
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("admin_recovery_codes"))
    .addColumn("admin_id", "integer", (column) =>
      column.notNull().references("admins.id").onDelete("cascade"),
    )
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("admin_recovery_codes_admin_id")
    .on("admin_recovery_codes")
    .column("admin_id")
    .execute();

  await db.schema
    .createTable("admin_passkeys")
    // The credential id, base64url.
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("admin_id", "integer", (column) =>
      column.notNull().references("admins.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (column) => column.notNull())
    // The COSE public key, base64url.
    .addColumn("public_key", "text", (column) => column.notNull())
    .addColumn("counter", "integer", (column) => column.notNull())
    // A JSON array of transports ("internal", "usb"...), as the browser reported them.
    .addColumn("transports", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema
    .createIndex("admin_passkeys_admin_id")
    .on("admin_passkeys")
    .column("admin_id")
    .execute();

  await db.schema
    .createTable("admin_pending_sign_ins")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    // "second-factor" (the password was right), "passkey" (a passkey-alone sign-in) or
    // "passkey-register" (a signed-in admin adding a passkey).
    .addColumn("purpose", "text", (column) => column.notNull())
    .addColumn("admin_id", "integer", (column) =>
      column.references("admins.id").onDelete("cascade"),
    )
    // The WebAuthn challenge last handed out for this sign-in, if any.
    .addColumn("challenge", "text")
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_pending_sign_ins").execute();
  await db.schema.dropTable("admin_passkeys").execute();
  await db.schema.dropTable("admin_recovery_codes").execute();
  await db.schema.dropTable("admin_totp").execute();
}
