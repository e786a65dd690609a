// When the data of each public page last changed, for sitemap.xml's lastmod: the current content
// revision's time and each case study's and article's own update time. The one place to adapt
// when the stores record their changes differently.
import type { PageTimes } from "~/content/site-pages";
import type { Db } from "./db/tables.server";

export async function readPageTimes(db: Db): Promise<PageTimes> {
  const [revision, studies, articles] = await Promise.all([
    db
      .selectFrom("content_revisions")
      .select("created_at")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom("case_studies").select(["id", "updated_at"]).execute(),
    db.selectFrom("articles").select(["id", "updated_at"]).execute(),
  ]);
  return {
    content: revision?.created_at,
    caseStudies: new Map(studies.map((row) => [row.id, row.updated_at])),
    articles: new Map(articles.map((row) => [row.id, row.updated_at])),
  };
}
