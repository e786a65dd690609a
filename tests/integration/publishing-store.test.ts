// The articles and case studies store against real SQLite (and PostgreSQL when available): drafts
// and scheduled items hidden from visitors until their time, slugs unique with old ones answered
// by the new one, versions refusing a stale write, revisions and restore, the next publication
// time, and the image uses.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findRedirect } from "~/features/pages/renamed-items.server";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import {
  type ArticleInput,
  type CaseStudyInput,
  toArticleInput,
  toCaseStudyInput,
} from "~/features/publishing/schema";
import {
  getForAdmin,
  getNextPublicationTime,
  getVisible,
  listForAdmin,
  listImageUses,
  listVisible,
} from "~/features/publishing/store/reads.server";
import { listRevisions } from "~/features/publishing/store/revisions.server";
import {
  createPublication,
  deletePublication,
  PublicationConflictError,
  PublicationInputError,
  restorePublication,
  updatePublication,
} from "~/features/publishing/store/writes.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { seedDefaults } from "../../server/seed.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";

const actor = { adminId: null, email: "owner@example.com", address: "127.0.0.1" };
const minute = 60_000;

function articleInput(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    slug: "zero-trust-for-small-teams",
    status: "draft",
    publishAt: "",
    title: "Zero Trust for Small Teams",
    excerpt: "What zero trust means when you have ten people and no security team.",
    category: "Cybersecurity",
    authorName: "Maria van der Berg",
    readTime: "",
    imageUrl: "/images/uploads/0123456789abcdef0123456789abcdef.png",
    imageAlt: "A padlock on a laptop keyboard",
    seoDescription: "",
    body: `<p>${"word ".repeat(450)}</p>`,
    ...overrides,
  };
}

function caseStudyInput(overrides: Partial<CaseStudyInput> = {}): CaseStudyInput {
  return {
    slug: "law-firm-document-automation",
    status: "draft",
    publishAt: "",
    title: "Document Automation for a Law Firm",
    description: "A twelve-lawyer firm cut drafting time in half.",
    industry: "Legal",
    client: "Harbor & Lane LLP",
    challenge: "Contracts were assembled by hand from old documents.",
    approach: ["Mapped the templates", "Built clause library", "Automated", "Trained staff"],
    results: [{ value: "50%", label: "less drafting time" }],
    testimonial: {
      quote: "It changed our week.",
      name: "Ruth Lane",
      role: "Partner",
      company: "Harbor & Lane",
    },
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body: "<p>The full story.</p>",
    ...overrides,
  };
}

describe.each(getTestDatabaseKinds())("publishing store on $name", (engine) => {
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

  it("keeps a draft from visitors and derives actor initials, read time and date", async () => {
    const now = new Date("2026-05-04T10:00:00.000Z");
    const draft = await createPublication(db, "article", articleInput(), { actor, now });
    expect(draft.status).toBe("draft");
    expect(draft.record.author.initials).toBe("MB");
    expect(draft.record.readTime).toBe("2 min read");
    expect(await getVisible(db, "article", draft.record.id, now)).toBeUndefined();
    expect((await listVisible(db, "article", now)).map((a) => a.id)).not.toContain(draft.record.id);
    expect((await listForAdmin(db, "article", now)).map((a) => a.record.id)).toContain(
      draft.record.id,
    );

    const published = await updatePublication(
      db,
      "article",
      draft.record.id,
      articleInput({ status: "published", readTime: "4 min read" }),
      { actor, now, expectedVersion: draft.version },
    );
    expect(published.status).toBe("published");
    expect(published.record.readTime).toBe("4 min read");
    expect(published.record.date).toBe("May 4, 2026");
    expect(published.record.publishedAt).toBe("2026-05-04");
    // Newest first: the new article leads the blog.
    expect((await listVisible(db, "article", now))[0]?.id).toBe(draft.record.id);
  });

  it("shows a scheduled item by itself once its time has come, and tells when that is", async () => {
    const now = new Date();
    const at = new Date(now.getTime() + minute);
    const scheduled = await createPublication(
      db,
      "case-study",
      caseStudyInput({ status: "scheduled", publishAt: at.toISOString() }),
      { actor, now },
    );
    expect(scheduled.status).toBe("scheduled");
    expect(await getVisible(db, "case-study", scheduled.record.id, now)).toBeUndefined();
    expect((await getNextPublicationTime(db, now))?.toISOString()).toBe(at.toISOString());

    const later = new Date(at.getTime() + 1);
    expect((await getVisible(db, "case-study", scheduled.record.id, later))?.title).toBe(
      "Document Automation for a Law Firm",
    );
    // Case studies keep the admin's order: the new one comes after the three built-in ones.
    expect((await listVisible(db, "case-study", later)).map((s) => s.id)).toEqual([
      ...defaultCaseStudies.map((s) => s.id),
      scheduled.record.id,
    ]);
    expect((await getForAdmin(db, "case-study", scheduled.record.id, later))?.status).toBe(
      "published",
    );
    expect(await getNextPublicationTime(db, later)).toBeUndefined();
  });

  it("refuses a schedule in the past and a published date in the future, storing nothing", async () => {
    const now = new Date();
    const past = new Date(now.getTime() - minute).toISOString();
    const future = new Date(now.getTime() + minute).toISOString();
    await expect(
      createPublication(db, "article", articleInput({ status: "scheduled", publishAt: past }), {
        actor,
        now,
      }),
    ).rejects.toMatchObject({ errors: { publishAt: "Choose a date and time in the future" } });
    await expect(
      createPublication(db, "article", articleInput({ status: "published", publishAt: future }), {
        actor,
        now,
      }),
    ).rejects.toBeInstanceOf(PublicationInputError);
    expect(await getForAdmin(db, "article", articleInput().slug)).toBeUndefined();
  });

  it("keeps slugs unique and answers an old slug with the new one, also after two renames", async () => {
    const now = new Date();
    const taken = defaultArticles[0]?.id ?? "";
    await expect(
      createPublication(db, "article", articleInput({ slug: taken }), { actor, now }),
    ).rejects.toMatchObject({ errors: { slug: expect.stringContaining("already uses") } });

    const first = await createPublication(db, "article", articleInput({ status: "published" }), {
      actor,
      now,
    });
    await expect(
      updatePublication(
        db,
        "article",
        first.record.id,
        articleInput({ slug: taken, status: "published" }),
        {
          actor,
          now,
        },
      ),
    ).rejects.toBeInstanceOf(PublicationInputError);

    const renamed = await updatePublication(
      db,
      "article",
      first.record.id,
      articleInput({ slug: "zero-trust-explained", status: "published" }),
      { actor, now, expectedVersion: first.version },
    );
    await updatePublication(
      db,
      "article",
      renamed.record.id,
      articleInput({ slug: "zero-trust-in-practice", status: "published" }),
      { actor, now, expectedVersion: renamed.version },
    );
    expect(await findRedirect(db, "article", "zero-trust-for-small-teams")).toBe(
      "zero-trust-in-practice",
    );
    expect(await findRedirect(db, "article", "zero-trust-explained")).toBe(
      "zero-trust-in-practice",
    );
    expect(await getVisible(db, "article", "zero-trust-explained")).toBeUndefined();
    // History follows the item to its new slug.
    expect(await listRevisions(db, "article", "zero-trust-in-practice")).toHaveLength(3);

    // A new item may take over an old slug: it is its own page again, no longer a redirect.
    await createPublication(
      db,
      "article",
      articleInput({ slug: "zero-trust-explained", status: "published" }),
      {
        actor,
        now,
      },
    );
    expect(await findRedirect(db, "article", "zero-trust-explained")).toBeUndefined();
    expect(await getVisible(db, "article", "zero-trust-explained")).toBeDefined();
  });

  it("refuses a save or delete based on an old version, and keeps what was stored", async () => {
    const now = new Date();
    const study = await createPublication(db, "case-study", caseStudyInput(), { actor, now });
    await updatePublication(db, "case-study", study.record.id, caseStudyInput({ title: "Mine" }), {
      actor,
      now,
      expectedVersion: study.version,
    });
    await expect(
      updatePublication(db, "case-study", study.record.id, caseStudyInput({ title: "Theirs" }), {
        actor,
        now,
        expectedVersion: study.version,
      }),
    ).rejects.toBeInstanceOf(PublicationConflictError);
    await expect(
      deletePublication(db, "case-study", study.record.id, {
        actor,
        now,
        expectedVersion: study.version,
      }),
    ).rejects.toBeInstanceOf(PublicationConflictError);
    expect((await getForAdmin(db, "case-study", study.record.id))?.record.title).toBe("Mine");
  });

  it("keeps every save as a revision; restore brings old text back as a new version", async () => {
    const now = new Date();
    const seeded = defaultArticles[1];
    if (!seeded) throw new Error("no seed article");
    const before = await getForAdmin(db, "article", seeded.id);
    if (!before) throw new Error("seed missing");
    await updatePublication(
      db,
      "article",
      seeded.id,
      { ...toArticleInput(before.record, before), title: "A Broken Title" },
      { actor, now, expectedVersion: before.version },
    );
    const revisions = await listRevisions(db, "article", seeded.id);
    expect(revisions.map((revision) => revision.action)).toEqual(["save", "original"]);
    const original = revisions[1];
    if (!original) throw new Error("no original revision");
    const restored = await restorePublication(db, "article", seeded.id, original.id, {
      actor,
      now,
      expectedVersion: before.version + 1,
    });
    expect(restored.record.title).toBe(seeded.title);
    expect(restored.version).toBe(before.version + 2);
    expect((await listRevisions(db, "article", seeded.id))[0]?.action).toBe("restore");
    expect((await getVisible(db, "article", seeded.id))?.title).toBe(seeded.title);
  });

  it("refuses to put an incomplete draft's text live by restoring it, and changes nothing", async () => {
    const now = new Date();
    const draft = await createPublication(
      db,
      "case-study",
      caseStudyInput({ description: "", industry: "", results: [{ value: "", label: "" }] }),
      { actor, now },
    );
    const [early] = await listRevisions(db, "case-study", draft.record.id);
    if (!early) throw new Error("no revision");
    const published = await updatePublication(
      db,
      "case-study",
      draft.record.id,
      caseStudyInput({ status: "published" }),
      { actor, now, expectedVersion: draft.version },
    );
    await expect(
      restorePublication(db, "case-study", draft.record.id, early.id, {
        actor,
        now,
        expectedVersion: published.version,
      }),
    ).rejects.toMatchObject({
      errors: {
        description: "Summary is required",
        industry: "Industry is required",
        "results.0.value": "Result value is required",
        "results.0.label": "Result label is required",
      },
    });
    const stored = await getForAdmin(db, "case-study", draft.record.id);
    expect(stored?.version).toBe(published.version);
    expect(stored?.record.industry).toBe("Legal");
  });

  it("deletes an item with its old addresses, and can bring it back from History as a draft", async () => {
    const now = new Date();
    const study = await createPublication(
      db,
      "case-study",
      caseStudyInput({ status: "published" }),
      {
        actor,
        now,
      },
    );
    const moved = await updatePublication(
      db,
      "case-study",
      study.record.id,
      caseStudyInput({ slug: "legal-automation", status: "published" }),
      { actor, now },
    );
    await deletePublication(db, "case-study", moved.record.id, {
      actor,
      now,
      expectedVersion: moved.version,
    });
    expect(await getForAdmin(db, "case-study", "legal-automation")).toBeUndefined();
    expect(await findRedirect(db, "case-study", study.record.id)).toBeUndefined();

    const revisions = await listRevisions(db, "case-study", "legal-automation");
    expect(revisions[0]?.action).toBe("delete");
    const saved = revisions.find((revision) => revision.action === "save");
    if (!saved) throw new Error("no saved revision");
    const back = await restorePublication(db, "case-study", "legal-automation", saved.id, {
      actor,
      now,
    });
    expect(back.status).toBe("draft");
    expect(back.record.client).toBe("Harbor & Lane LLP");
    expect(toCaseStudyInput(back.record, back).testimonial.name).toBe("Ruth Lane");
  });

  it("lists every item's image, drafts included", async () => {
    await createPublication(db, "article", articleInput(), { actor });
    const uses = await listImageUses(db);
    expect(uses).toContainEqual({
      url: articleInput().imageUrl,
      label: "Article: Zero Trust for Small Teams",
      href: "/admin/articles/zero-trust-for-small-teams",
    });
    expect(uses.filter((use) => use.label.startsWith("Case study:"))).toHaveLength(3);
  });
});
