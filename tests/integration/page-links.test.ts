// What links to a page before it is deleted, against real SQLite (and PostgreSQL when available):
// menus named as the Navigation screen names them, other pages' blocks, articles' texts, the
// content document and the redirects ending at it, each with where to edit it; a look-alike
// address, the page itself and unrelated records are not.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import { defaultContent } from "~/features/content/default-content";
import { listLinksTo } from "~/features/pages/links-to.server";
import { defaultArticles } from "~/features/publishing/default-articles";
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
    const toVacancies = { type: "page" as const, kind: "page", id: "/vacancies" };
    const about = content.navigation.header.find(
      (item) => item.type === "link" && item.label === "About",
    );
    if (about?.type !== "link") throw new Error("no About item");
    about.children = [{ label: "Careers", target: toVacancies }];
    content.navigation.quickLinks.push({ label: "Jobs", target: toVacancies });
    const now = new Date().toISOString();
    await db
      .insertInto("redirect_rules")
      .values(
        [
          { source: "/old-jobs", match: "exact", target: "/vacancies?from=old", status: 301 },
          { source: "/elsewhere", match: "exact", target: "/vacancies-old", status: 301 },
        ].map((rule) => ({ ...rule, created_at: now, updated_at: now })),
      )
      .execute();
    await db
      .insertInto("publication_redirects")
      .values({ kind: "page", old_id: "jobs", new_id: "vacancies", created_at: now })
      .execute();

    const places = await listLinksTo(db, content, "/vacancies", { kind: "page", id: "vacancies" });

    expect(places.menus).toEqual([
      { label: "Header menu: About › Careers", href: "/admin/navigation" },
      { label: "Footer quick links: Jobs", href: "/admin/navigation" },
    ]);
    expect(places.texts).toEqual(
      expect.arrayContaining([
        { label: "Site content: General › Description", href: "/content" },
        { label: "Page: Partners › Call to action block 1", href: "/admin/pages/partners" },
        { label: "Page: Team › Rich text block 1", href: "/admin/pages/about-us-too" },
        expect.objectContaining({ href: "/admin/articles/hiring-news" }),
      ]),
    );
    expect(places.texts).toHaveLength(4);
    expect(places.texts.map((place) => place.label).join(" ")).not.toMatch(/navigation/i);
    const hrefs = places.texts.map((place) => place.href);
    expect(hrefs).not.toContain("/admin/pages/vacancies");
    expect(hrefs).not.toContain("/admin/pages/lookalike");
    expect(places.redirects).toEqual([
      {
        label: "/jobs → /vacancies (automatic, kept when the address changed)",
        href: "/admin/redirects",
      },
      { label: "/old-jobs → /vacancies?from=old (301)", href: "/admin/redirects" },
    ]);
  });

  it("lists nothing when no place links to the address", async () => {
    expect(
      await listLinksTo(db, defaultContent, "/nobody-links-here", { kind: "page", id: "x" }),
    ).toEqual({ menus: [], texts: [], redirects: [] });
  });
});
