// The media library's metadata (issue 17): one row per uploaded image, keyed by its stored file
// name, with the name it was uploaded under, the SHA-256 of its bytes (duplicates are found by
// it), its alt text and focal point. Shaped to become the content-addressed image table of a later
// issue (hash, type, size, dimensions, original name), which adds the bytes themselves.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uploaded_images")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("original_name", "text", (column) => column.notNull())
    .addColumn("sha256", "text", (column) => column.notNull())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("byte_size", "integer", (column) => column.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("alt", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("focal_x", "double precision", (column) => column.notNull().defaultTo(0.5))
    .addColumn("focal_y", "double precision", (column) => column.notNull().defaultTo(0.5))
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("uploaded_images_sha256")
    .on("uploaded_images")
    .column("sha256")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uploaded_images").execute();
}
