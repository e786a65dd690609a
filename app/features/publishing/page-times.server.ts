// The case studies and articles visitors may see (features/publishing: published, time come; never
// a draft or a scheduled item), with when each page's data last changed for sitemap.xml's lastmod:
// the current content revision's time and each item's own update time (never before it appeared).
import type { Article, CaseStudy } from "~/features/content/schema";
import type { Db } from "~/platform/db/tables.server";
import { listVisibleEntries } from "./store.server";

export type PageTimes = {
  /** The current content document revision. */
  content?: string;
  caseStudies?: ReadonlyMap<string, string>;
  articles?: ReadonlyMap<string, string>;
};

export type DatedPublications = {
  caseStudies: CaseStudy[];
  articles: Article[];
  times: PageTimes;
};

export async function readPageTimes(db: Db): Promise<DatedPublications> {
  const [revision, studies, articles] = await Promise.all([
    db
      .selectFrom("content_revisions")
      .select("created_at")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    listVisibleEntries(db, "case-study"),
    listVisibleEntries(db, "article"),
  ]);
  return {
    caseStudies: studies.map((entry) => entry.record),
    articles: articles.map((entry) => entry.record),
    times: {
      content: revision?.created_at,
      caseStudies: new Map(studies.map((entry) => [entry.record.id, entry.updatedAt])),
      articles: new Map(articles.map((entry) => [entry.record.id, entry.updatedAt])),
    },
  };
}
