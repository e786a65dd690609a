// Newsletter topics: what each subscriber chose to hear about (the site's services and "News"),
// one row per subscription and topic, and the audience a newsletter goes to. A subscription
// without rows has not chosen and hears about every topic.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("newsletter_subscription_topics")
    .addColumn("subscription_id", "integer", (column) =>
      column.notNull().references("newsletter_subscriptions.id").onDelete("cascade"),
    )
    // "news", or "service:" and the service's slug when it was chosen.
    .addColumn("topic", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("newsletter_subscription_topics_pk", ["subscription_id", "topic"])
    .execute();
  // A JSON array of topics; null: every confirmed subscriber.
  await db.schema.alterTable("newsletters").addColumn("audience", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletters").dropColumn("audience").execute();
  await db.schema.dropTable("newsletter_subscription_topics").execute();
}
