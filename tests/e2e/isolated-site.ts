// A second built site with its own fresh database, for end-to-end tests that need data the shared
// e2e server must not see (other specs run against it in parallel): e.g. a dozen blog articles.

import type { Article } from "~/features/publishing/schema";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

export type { TestSite };

/** Articles in the shape of the defaults, dated before them so the defaults stay first. */
export function makeExtraArticles(count: number, category = "Cloud"): Article[] {
  const [template] = defaultArticles;
  if (!template) throw new Error("no default article");
  return Array.from({ length: count }, (_, index) => {
    const day = String(28 - index).padStart(2, "0");
    return {
      ...template,
      id: `cloud-note-${index + 1}`,
      title: `Cloud Cost Note ${index + 1}`,
      excerpt: `Practical note number ${index + 1} on keeping cloud spending under control.`,
      category,
      author: { name: "Alex Romero", initials: "AR" },
      date: `Feb ${Number(day)}, 2023`,
      publishedAt: `2023-02-${day}`,
    };
  });
}

export async function startSiteWithArticles(articles: Article[]): Promise<TestSite> {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  const site = await startTestSite(await sqlite.create());
  const now = new Date().toISOString();
  await site.services.db
    .insertInto("articles")
    .values(
      articles.map((article, index) => ({
        id: article.id,
        position: 100 + index,
        data: JSON.stringify(article),
        published_at: article.publishedAt,
        updated_at: now,
      })),
    )
    .execute();
  return site;
}
