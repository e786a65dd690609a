// History against real SQLite (and PostgreSQL when available): every article and case study counts
// its own versions 1, 2, 3 (in History's list, on a revision's page and in the editor's list),
// status and schedule changes are told in words, and a seed article whose author alone changed
// reports Author only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/capabilities/rich-text/sanitize.server";
import { getHistoryKind, listHistory } from "~/features/pages/history/history.server";
import { defaultArticles } from "~/features/publishing/default-articles";
import { toArticleInput, toCaseStudyInput } from "~/features/publishing/schema";
import { listRevisions } from "~/features/publishing/store/revisions.server";
import {
  createPublication,
  deletePublication,
  restorePublication,
  updatePublication,
} from "~/features/publishing/store/writes.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime as formatZonedTime } from "~/platform/format-time";

// History is read here as the admin screens read it, in one zone (UTC) for predictable texts.
const formatTime = (iso: string) => formatZonedTime(iso, "UTC");

import { seedDefaults } from "../../server/seed.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { article } from "../support/publications";

const actor = { adminId: null, email: "owner@example.com", address: "127.0.0.1" };
const day = 24 * 60 * 60 * 1000;

describe.each(getTestDatabaseKinds())("History's version numbers on $name", (engine) => {
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

  it("numbers each item's versions on its own, whatever was saved in between", async () => {
    const first = await createPublication(
      db,
      "article",
      article({ slug: "first", title: "First", status: "draft" }),
      { actor },
    );
    const study = await createPublication(
      db,
      "case-study",
      {
        slug: "fleet",
        status: "draft",
        publishAt: "",
        title: "Fleet Tracking",
        description: "Live positions.",
        industry: "Logistics",
        client: "",
        challenge: "",
        approach: [],
        results: [],
        testimonial: { quote: "", name: "", role: "", company: "" },
        imageUrl: "",
        imageAlt: "",
        seoDescription: "",
        body: "<p>The story.</p>",
      },
      { actor },
    );
    const second = await updatePublication(
      db,
      "article",
      "first",
      article({ slug: "first", title: "First, again", status: "draft" }),
      { actor, expectedVersion: first.version },
    );
    await updatePublication(
      db,
      "article",
      "first",
      article({ slug: "first", title: "First, again", status: "published" }),
      { actor, expectedVersion: second.version },
    );
    const at = new Date(Date.now() + 3 * day).toISOString();
    await updatePublication(
      db,
      "case-study",
      "fleet",
      {
        ...toCaseStudyInput(study.record, study),
        status: "scheduled",
        publishAt: at,
      },
      { actor, expectedVersion: study.version },
    );

    const entries = await listHistory(db, { limit: 20, formatTime });
    const versionsOf = (label: string) =>
      entries.filter((entry) => entry.kindLabel.endsWith(label)).map((entry) => entry.version);
    expect(versionsOf("First, again")).toEqual([3, 2]);
    expect(versionsOf(": First")).toEqual([1]);
    expect(versionsOf("Fleet Tracking")).toEqual([2, 1]);

    const [studyLatest, articleLatest] = [
      entries.find((entry) => entry.kind === "case-study"),
      entries.find((entry) => entry.kind === "article"),
    ];
    expect(studyLatest).toMatchObject({
      version: 2,
      events: [`Scheduled for ${formatTime(at)}`],
      changed: [],
      isCurrent: true,
    });
    expect(articleLatest).toMatchObject({ version: 3, events: ["Published"], changed: [] });
    expect(entries.filter((entry) => entry.kind === "article").at(-1)).toMatchObject({
      version: 1,
      events: ["Created as a draft"],
    });

    // The revision's page and the editor's list use the same numbers.
    const page = await getHistoryKind("article")?.get(db, articleLatest?.id ?? 0, { formatTime });
    expect(page).toMatchObject({
      version: 3,
      currentNumber: 3,
      itemTitle: 'the article "First, again"',
    });
    expect((await listRevisions(db, "article", "first")).map((r) => r.version)).toEqual([3, 2, 1]);
    expect((await listRevisions(db, "case-study", "fleet")).map((r) => r.version)).toEqual([2, 1]);

    // Deleted and brought back: the numbering goes on.
    await deletePublication(db, "article", "first", { actor });
    await restorePublication(db, "article", "first", articleLatest?.id ?? 0, { actor });
    const after = await listHistory(db, { kind: "article", limit: 2, formatTime });
    expect(after.map((entry) => [entry.version, entry.events])).toEqual([
      [5, ["Brought back as a draft"]],
      [4, ["Deleted"]],
    ]);
  });

  it("reports only Author when a seed article's author is changed as the editor saves it", async () => {
    const [seed] = defaultArticles;
    if (!seed) throw new Error("no default article");
    const input = toArticleInput(seed, {
      status: "published",
      publishAt: `${seed.publishedAt}T00:00:00.000Z`,
    });
    await updatePublication(
      db,
      "article",
      seed.id,
      // The API sanitizes the body it is sent: the seed's links gain their rel and target.
      { ...input, authorName: "Maria van der Berg", body: sanitizeRichText(input.body) },
      { actor },
    );
    const [saved, original] = await listHistory(db, { kind: "article", limit: 2, formatTime });
    expect(original).toMatchObject({ version: 1, events: ["As it was before the first edit"] });
    expect(saved).toMatchObject({ version: 2, events: [], changed: ["Author"] });
    const revision = await getHistoryKind("article")?.get(db, saved?.id ?? 0, { formatTime });
    expect(revision?.changes).toEqual([
      { path: "author", label: "Author", before: seed.author.name, after: "Maria van der Berg" },
    ]);
  });
});
