// Seeding: a new database gets the built-in content, case studies, articles and the sample built
// page, in one transaction, and the data version moves so no page rendered before stays cached.
import { serializeContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { defaultPages } from "~/features/publishing/default-pages";
import { markDataChanged } from "~/platform/data-version.server";
import type { Db } from "~/platform/db/tables.server";

/** Fills an empty database with the default content, case studies and articles. */
export async function seedDefaults(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const revision = await trx
      .selectFrom("content_revisions")
      .select("id")
      .limit(1)
      .executeTakeFirst();
    let seeded = false;
    if (!revision) {
      seeded = true;
      await trx
        .insertInto("content_revisions")
        .values({ document: serializeContent(defaultContent), created_at: now, author: null })
        .execute();
      // Only with the first content: a site upgraded from before pages existed gets no new page.
      if (defaultPages.length > 0) {
        await trx
          .insertInto("pages")
          .values(
            defaultPages.map((page, position) => ({
              id: page.id,
              position,
              data: JSON.stringify(page),
              status: "published",
              publish_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    }
    const caseStudy = await trx.selectFrom("case_studies").select("id").limit(1).executeTakeFirst();
    if (!caseStudy) {
      seeded = true;
      await trx
        .insertInto("case_studies")
        .values(
          defaultCaseStudies.map((study, position) => ({
            id: study.id,
            position,
            data: JSON.stringify(study),
            updated_at: now,
          })),
        )
        .execute();
    }
    const article = await trx.selectFrom("articles").select("id").limit(1).executeTakeFirst();
    if (!article) {
      seeded = true;
      await trx
        .insertInto("articles")
        .values(
          defaultArticles.map((entry, position) => ({
            id: entry.id,
            position,
            data: JSON.stringify(entry),
            published_at: entry.publishedAt,
            publish_at: `${entry.publishedAt}T00:00:00.000Z`,
            updated_at: now,
          })),
        )
        .execute();
    }
    if (seeded) await markDataChanged(trx, "seed");
  });
}
