// What links to a page before it is deleted, against real SQLite (and PostgreSQL when available):
// other pages' blocks, articles' texts and the content document are listed with where to edit
// them; a look-alike address, the page itself and unrelated records are not.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import { defaultContent } from "~/features/content/default-content";
import { defaultArticles } from "~/features/publishing/default-articles";
import { listLinksTo } from "~/features/publishing/links-to.server";
import { type PageInput, toArticleInput } from "~/features/publishing/schema";
import { createPublication } from "~/features/publishing/store/writes.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { seedDefaults } from "../../server/seed.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";

const actor = { adminId: null, email: "owner@example.com", address: "127.0.0.1" };

function pageInput(slug: string, title: string, blocks: Block[]): PageInput {
  return { slug, status: "draft", publishAt: "", title, blocks, seoDescription: "" };
}

describe.each(getTestDatabaseKinds())("links to a page on $name", (engine) => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await engine.create();
    db = await openDatabase(database.url);
    await seedDefaults(db);
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it("lists the pages, articles and content texts that link to the address, and nothing else", async () => {
    const cta = (id: string, href: string) =>
      ({
        ...createBlock("cta", id),
        heading: "Apply",
        buttonLabel: "Apply",
        buttonHref: href,
      }) as Block;
    await createPublication(
      db,
      "page",
      pageInput("vacancies", "Vacancies", [cta("self1", "/vacancies")]),
      {
        actor,
      },
    );
    await createPublication(
      db,
      "page",
      pageInput("partners", "Partners", [cta("c1", "/vacancies#apply")]),
      {
        actor,
      },
    );
    const rich = {
      ...createBlock("richText", "r1"),
      body: '<p><a href="/vacancies">Jobs</a></p>',
    } as Block;
    await createPublication(db, "page", pageInput("about-us-too", "Team", [rich]), { actor });
    await createPublication(
      db,
      "page",
      pageInput("lookalike", "Look-alike", [cta("c2", "/vacancies-old")]),
      {
        actor,
      },
    );
    const [article] = defaultArticles;
    if (!article) throw new Error("no default article");
    await createPublication(
      db,
      "article",
      {
        ...toArticleInput(article, { status: "draft", publishAt: "" }),
        slug: "hiring-news",
        body: '<p>We are hiring: see <a href="/vacancies?from=blog">our jobs</a>.</p>',
      },
      { actor },
    );
    const content = structuredClone(defaultContent);
    content.general.description = '<p>Work with us: <a href="/vacancies">vacancies</a></p>';

    const places = await listLinksTo(db, content, "/vacancies", { kind: "page", id: "vacancies" });

    expect(places).toEqual(
      expect.arrayContaining([
        { label: "Site content: General › Description", href: "/content" },
        { label: "Page: Partners", href: "/admin/pages/partners" },
        { label: "Page: Team", href: "/admin/pages/about-us-too" },
        expect.objectContaining({ href: "/admin/articles/hiring-news" }),
      ]),
    );
    expect(places).toHaveLength(4);
    expect(places.map((place) => place.href)).not.toContain("/admin/pages/vacancies");
    expect(places.map((place) => place.href)).not.toContain("/admin/pages/lookalike");
  });

  it("lists nothing when no place links to the address", async () => {
    expect(
      await listLinksTo(db, defaultContent, "/nobody-links-here", { kind: "page", id: "x" }),
    ).toEqual([]);
  });
});
