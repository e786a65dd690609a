// What a photo was before it was scaled down on arrival (its bytes and pixels, shown beside the
// stored size in the media library), and the display name a mail is sent under (a newsletter
// copy's From is the firm's name, not only the sending address).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("uploaded_images")
    .addColumn("original_byte_size", "integer")
    .execute();
  await db.schema.alterTable("uploaded_images").addColumn("original_width", "integer").execute();
  await db.schema.alterTable("uploaded_images").addColumn("original_height", "integer").execute();
  await db.schema.alterTable("mail_outbox").addColumn("from_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("from_name").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("original_height").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("original_width").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("original_byte_size").execute();
}
