// The database and the content store against real SQLite (and PostgreSQL when available).
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ContentConflictError,
  readContent,
  saveContent,
} from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { getSiteContent } from "~/features/content/site-content.server";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { getVisible, listVisible } from "~/features/publishing/store/reads.server";
import { openDatabase } from "~/platform/db/database.server";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db } from "~/platform/db/tables.server";
import { createLogger } from "~/platform/logger.server";
import { seedDefaults } from "../../server/seed.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";

describe.each(getTestDatabaseKinds())("content store on $name", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await kind.create();
    db = await openDatabase(database.url);
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it("stores the system font as Inter for the previous release, and reads it back as the system font", async () => {
    await seedDefaults(db);
    expect(defaultContent.brand.headingFont).toBe("system");
    const fonts = { headingFont: "system", bodyFont: "lora" } as const;
    await saveContent(db, { brand: { ...defaultContent.brand, ...fonts } });
    expect((await readContent(db)).content.brand).toMatchObject(fonts);
    const rows = await db
      .selectFrom("content_revisions")
      .select("document")
      .orderBy("id")
      .execute();
    // The previous release accepts only its own fonts and drops the field it does not know.
    expect(rows.map((row) => JSON.parse(row.document).brand)).toEqual([
      expect.objectContaining({
        headingFont: "inter",
        bodyFont: "inter",
        systemFonts: ["headingFont", "bodyFont"],
      }),
      expect.objectContaining({
        headingFont: "inter",
        bodyFont: "lora",
        systemFonts: ["headingFont"],
      }),
    ]);
  });

  it("migrates a new database and seeds the default content once", async () => {
    await seedDefaults(db);
    await seedDefaults(db);
    const revisions = await db.selectFrom("content_revisions").select("id").execute();
    expect(revisions).toHaveLength(1);
    expect((await readContent(db)).content).toEqual(defaultContent);
    expect(await listVisible(db, "case-study")).toEqual(defaultCaseStudies);
    expect((await listVisible(db, "article")).map((article) => article.id).sort()).toEqual(
      defaultArticles.map((article) => article.id).sort(),
    );
    expect(await getVisible(db, "article", "no-such-article")).toBeUndefined();
  });

  it("saves sections as a new revision and keeps older revisions", async () => {
    await seedDefaults(db);
    const before = await readContent(db);
    const general = { ...defaultContent.general, companyName: "Renamed Consulting" };
    const saved = await saveContent(
      db,
      { general },
      { expectedVersion: before.version, author: "owner@example.com" },
    );
    expect(saved.version).toBeGreaterThan(before.version);
    const after = await readContent(db);
    expect(after.content.general.companyName).toBe("Renamed Consulting");
    expect(after.content.hero).toEqual(defaultContent.hero);
    const revisions = await db
      .selectFrom("content_revisions")
      .select(["id", "author"])
      .orderBy("id")
      .execute();
    expect(revisions).toHaveLength(2);
    expect(revisions[1]?.author).toBe("owner@example.com");
  });

  it("refuses a save built on an older version and changes nothing", async () => {
    await seedDefaults(db);
    const loaded = await readContent(db);
    await saveContent(db, { general: { ...defaultContent.general, tagline: "First" } });
    await expect(
      saveContent(
        db,
        { general: { ...defaultContent.general, tagline: "Second" } },
        { expectedVersion: loaded.version },
      ),
    ).rejects.toBeInstanceOf(ContentConflictError);
    expect((await readContent(db)).content.general.tagline).toBe("First");
  });

  it("fills fields missing from an older stored document with their defaults", async () => {
    const { hero: _hero, ...withoutHero } = defaultContent;
    const { storyHeading: _story, ...aboutWithoutStory } = defaultContent.about;
    await db
      .insertInto("content_revisions")
      .values({
        document: JSON.stringify({ ...withoutHero, about: aboutWithoutStory }),
        created_at: new Date().toISOString(),
        author: null,
      })
      .execute();
    const { content } = await readContent(db);
    expect(content.hero).toEqual(defaultContent.hero);
    expect(content.about.storyHeading).toBe(defaultContent.about.storyHeading);
  });

  it("turns the old contact profile link into a profile link, once", async () => {
    const store = (document: unknown) =>
      db
        .insertInto("content_revisions")
        .values({ document: JSON.stringify(document), created_at: new Date().toISOString() })
        .execute();
    const linkedin = "https://www.linkedin.com/company/acme-it";
    const mastodon = { network: "mastodon", url: "https://mastodon.social/@acme", label: "" };
    const { navigation: _navigation, ...beforeMenus } = defaultContent;

    // Stored before the menus were editable: the link is the only profile.
    await store({ ...beforeMenus, contact: { ...defaultContent.contact, profileUrl: linkedin } });
    const first = (await readContent(db)).content;
    expect(first.navigation.profiles).toEqual([{ network: "linkedin", url: linkedin, label: "" }]);
    expect(first.contact).not.toHaveProperty("profileUrl");
    expect(first.navigation.header).toEqual(defaultContent.navigation.header);

    // Stored with the same address among the icons too: still one, before the others.
    await store({
      ...defaultContent,
      contact: { ...defaultContent.contact, profileUrl: `${linkedin}/` },
      navigation: {
        ...defaultContent.navigation,
        profiles: [mastodon, { network: "linkedin", url: linkedin, label: "Acme on LinkedIn" }],
      },
    });
    const second = await readContent(db);
    expect(second.content.navigation.profiles).toEqual([
      mastodon,
      { network: "linkedin", url: linkedin, label: "Acme on LinkedIn" },
    ]);
    await store({
      ...defaultContent,
      contact: { ...defaultContent.contact, profileUrl: linkedin },
      navigation: { ...defaultContent.navigation, profiles: [mastodon] },
    });
    const third = await readContent(db);
    expect(third.content.navigation.profiles).toEqual([
      { network: "linkedin", url: linkedin, label: "" },
      mastodon,
    ]);

    // A save stores the moved link, and a later read adds nothing.
    const saved = await saveContent(db, { general: { ...third.content.general } });
    const row = await db
      .selectFrom("content_revisions")
      .select("document")
      .where("id", "=", saved.version)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(row.document) as typeof defaultContent;
    expect(document.contact).not.toHaveProperty("profileUrl");
    expect(document.navigation.profiles).toEqual(third.content.navigation.profiles);
    expect((await readContent(db)).content.navigation.profiles).toHaveLength(2);
  });

  it("serves the last content read when the database cannot be read, and logs it", async () => {
    await seedDefaults(db);
    await saveContent(db, { general: { ...defaultContent.general, companyName: "Last Read" } });
    const lines: string[] = [];
    const logger = createLogger("error");
    logger.error = ((...args: unknown[]) => {
      lines.push(String(args.at(-1)));
    }) as typeof logger.error;
    expect((await getSiteContent(db, logger)).fresh).toBe(true);
    await sql`drop table content_revisions`.execute(db);
    const fallback = await getSiteContent(db, logger);
    expect(fallback.fresh).toBe(false);
    expect(fallback.content.general.companyName).toBe("Last Read");
    expect(lines).toContain("Failed to fetch content");
  });

  it("keeps concurrent saves from interleaving: each gets its own version", async () => {
    await seedDefaults(db);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        saveContent(db, { general: { ...defaultContent.general, tagline: `Save ${index}` } }),
      ),
    );
    expect(new Set(results.map((result) => result.version)).size).toBe(5);
  });
});

describe("SQLite settings", () => {
  it("runs SQLite with WAL, foreign keys and no blocking busy wait", async () => {
    const [sqlite] = getTestDatabaseKinds();
    if (!sqlite) throw new Error("SQLite is always available");
    const database = await sqlite.create();
    const db = await openDatabase(database.url);
    try {
      expect(getDialectName(db)).toBe("sqlite");
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(journal.rows[0]?.journal_mode).toBe("wal");
      const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
      // Locks are waited out asynchronously by the dialect (database-faults.test.ts), never by
      // SQLite's own busy handler, which would block the event loop.
      const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
      expect(busy.rows[0]?.timeout).toBe(0);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
