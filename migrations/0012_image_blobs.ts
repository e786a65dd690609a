// Uploaded images' bytes in the database (issue 18), so every instance, backup and export has them:
// one content-addressed row per distinct original (SHA-256 of the bytes as stored), which each
// uploaded_images row points at. uploaded_images.sha256 stays the hash of the bytes as uploaded,
// for duplicate detection, because the stored bytes may differ (metadata stripped, orientation
// applied); blob_sha256 is the stored bytes' hash, null only for a row whose file was never found.
import { type Kysely, sql } from "kysely";
import { getDialectName } from "../app/platform/db/dialect.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = getDialectName(db) === "postgres" ? "bytea" : "blob";
  await db.schema
    .createTable("image_blobs")
    .addColumn("sha256", "text", (column) => column.primaryKey())
    .addColumn("bytes", binary, (column) => column.notNull())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("byte_size", "integer", (column) => column.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  if (binary === "bytea") {
    // Images are compressed already: PostgreSQL stores them out of line without trying again.
    await sql`alter table image_blobs alter column bytes set storage external`.execute(db);
  }
  await db.schema.alterTable("uploaded_images").addColumn("blob_sha256", "text").execute();
  await db.schema
    .createIndex("uploaded_images_blob_sha256")
    .on("uploaded_images")
    .column("blob_sha256")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("uploaded_images_blob_sha256").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("blob_sha256").execute();
  await db.schema.dropTable("image_blobs").execute();
}
