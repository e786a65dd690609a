// History's words for articles and case studies: status, schedule and address changes said in
// sentences, unchanged fields never reported (a seed article whose links only change form when
// saved), and values as text, never JSON.
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/capabilities/rich-text/sanitize.server";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import {
  describeStateChange,
  diffPublicationRecords,
  type RevisionState,
  readRevisionRecord,
} from "./publication-diff.server";

const formatTime = (iso: string) => `<${iso.slice(5, 16)}>`;

function state(overrides: Partial<RevisionState> = {}): RevisionState {
  return {
    action: "save",
    slug: "patching",
    status: "draft",
    publishAt: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    ...overrides,
  };
}

const later = "2026-12-01T11:00:00.000Z";
const dec3 = "2026-12-03T09:00:00.000Z";
const dec5 = "2026-12-05T09:00:00.000Z";

describe("describeStateChange", () => {
  const describeChange = (before: RevisionState | undefined, after: RevisionState) =>
    describeStateChange("article", before, after, formatTime);

  it("names how an item began", () => {
    expect(describeChange(undefined, state())).toEqual(["Created as a draft"]);
    const now = "2026-12-01T10:00:00.000Z";
    expect(describeChange(undefined, state({ status: "published", publishAt: now }))).toEqual([
      "Created and published",
    ]);
    expect(describeChange(undefined, state({ status: "published", publishAt: dec3 }))).toEqual([
      "Created and scheduled for <12-03T09:00>",
    ]);
    expect(describeChange(undefined, state({ action: "original", status: "published" }))).toEqual([
      "As it was before the first edit",
    ]);
  });

  it("says Published, Unpublished, Scheduled and Schedule changed in words", () => {
    const draft = state();
    const published = state({ status: "published", publishAt: later, createdAt: later });
    const scheduled = state({ status: "published", publishAt: dec3, createdAt: later });
    expect(describeChange(draft, published)).toEqual(["Published"]);
    expect(describeChange(published, state({ createdAt: later }))).toEqual([
      "Unpublished (back to draft)",
    ]);
    expect(describeChange(draft, scheduled)).toEqual(["Scheduled for <12-03T09:00>"]);
    expect(describeChange(scheduled, { ...scheduled, publishAt: dec5 })).toEqual([
      "Schedule changed from <12-03T09:00> to <12-05T09:00>",
    ]);
    expect(describeChange(scheduled, { ...draft, createdAt: later })).toEqual([
      "Unscheduled (back to draft)",
    ]);
    expect(describeChange(scheduled, { ...published, createdAt: later })).toEqual(["Published"]);
    expect(describeChange(published, { ...scheduled, createdAt: later })).toEqual([
      "Unpublished and scheduled for <12-03T09:00>",
    ]);
  });

  it("does not take a schedule that went live by itself for a change", () => {
    const scheduled = state({ status: "published", publishAt: dec3 });
    // Saved again after its time: still the same stored state.
    expect(describeChange(scheduled, { ...scheduled, createdAt: dec5 })).toEqual([]);
    // Unpublished after it went live: it was published then, not scheduled.
    expect(describeChange(scheduled, state({ createdAt: dec5 }))).toEqual([
      "Unpublished (back to draft)",
    ]);
  });

  it("says an address change with both addresses, and nothing for a plain save", () => {
    expect(describeChange(state(), state({ slug: "patching-2" }))).toEqual([
      "Address changed from /blog/patching to /blog/patching-2",
    ]);
    expect(describeStateChange("case-study", state(), state({ slug: "new" }), formatTime)).toEqual([
      "Address changed from /case-studies/patching to /case-studies/new",
    ]);
    expect(describeChange(state(), state({ createdAt: later }))).toEqual([]);
  });

  it("names deletions, restores and an item brought back", () => {
    expect(describeChange(state(), state({ action: "delete" }))).toEqual(["Deleted"]);
    expect(describeChange(state({ action: "delete" }), state())).toEqual([
      "Brought back as a draft",
    ]);
    expect(describeChange(state(), state({ action: "restore" }))).toEqual([
      "Restored the text of an earlier version",
    ]);
  });

  it("tells a changed publication date, but not the first one an old row gets", () => {
    const published = state({ status: "published", publishAt: "2023-03-16T00:00:00.000Z" });
    expect(describeChange(published, { ...published, publishAt: later, createdAt: later })).toEqual(
      ["Publication date changed from <03-16T00:00> to <12-01T11:00>"],
    );
    const legacy = state({ status: "published", publishAt: null });
    expect(describeChange(legacy, { ...legacy, publishAt: later, createdAt: later })).toEqual([]);
  });
});

describe("diffPublicationRecords", () => {
  const [seed] = defaultArticles;
  if (!seed) throw new Error("no default article");

  it("reports only Author when a seed article's author changes, though its links changed form", () => {
    // Older saves gave every link a new tab and nofollow; the sanitizer now drops them
    // from links inside the site, so the next save's body differs in form only.
    const legacy = {
      ...seed,
      body: seed.body.replaceAll(
        '<a href="/booking">',
        '<a href="/booking" target="_blank" rel="noopener noreferrer nofollow">',
      ),
    };
    const saved = {
      ...seed,
      author: { name: "Maria van der Berg", initials: "MB" },
      body: sanitizeRichText(legacy.body),
    };
    expect(saved.body).not.toBe(legacy.body);
    const changes = diffPublicationRecords(
      "article",
      readRevisionRecord("article", JSON.stringify(legacy)),
      readRevisionRecord("article", JSON.stringify(saved)),
    );
    expect(changes).toEqual([
      { path: "author", label: "Author", before: "Daniel Reyes", after: "Maria van der Berg" },
    ]);
  });

  it("reads the cover-card choice as off for items saved before it existed, and says it in words", () => {
    const { coverAsCardImage: _none, ...old } = { ...seed, coverAsCardImage: undefined };
    expect(diffPublicationRecords("article", old, { ...seed, coverAsCardImage: false })).toEqual(
      [],
    );
    expect(diffPublicationRecords("article", old, { ...seed, coverAsCardImage: true })).toEqual([
      {
        path: "coverAsCardImage",
        label: "Use the cover image when shared",
        before: "No",
        after: "Yes",
      },
    ]);
  });

  it("ignores key order, derived fields and fields that stayed the same", () => {
    const reordered = Object.fromEntries(Object.entries(seed).reverse());
    expect(
      diffPublicationRecords("article", seed, {
        ...reordered,
        date: "Dec 1, 2026",
        publishedAt: "2026-12-01",
        id: "another-slug",
      }),
    ).toEqual([]);
  });

  it("shows values as text: rich text as lines, lists as lines, rows and the testimonial by field", () => {
    const [study] = defaultCaseStudies;
    if (!study) throw new Error("no default case study");
    const changed = {
      ...study,
      description: "A new summary.",
      approach: ["First step", "Second step"],
      results: [{ value: "40%", label: "lower costs" }],
      testimonial: { ...study.testimonial, name: "Ruth Lane", role: "Partner", initials: "RL" },
      body: "<h2>Outcome</h2><p>Faster <strong>loans</strong>.</p><ul><li><p>One</p></li><li>Two</li></ul>",
    };
    const changes = diffPublicationRecords("case-study", study, changed);
    const byLabel = Object.fromEntries(changes.map((change) => [change.label, change]));
    expect(Object.keys(byLabel)).toEqual([
      "Summary",
      "Approach",
      "Results",
      "Testimonial › Name",
      "Testimonial › Role",
      "Full story",
    ]);
    expect(byLabel.Approach?.after).toBe("First step\nSecond step");
    expect(byLabel.Results?.after).toBe("40% lower costs");
    expect(byLabel["Testimonial › Name"]).toMatchObject({
      before: study.testimonial.name,
      after: "Ruth Lane",
    });
    expect(byLabel["Full story"]?.after).toBe("Outcome\nFaster loans.\n• One\n• Two");
    for (const change of changes) {
      expect(change.before).not.toMatch(/^[[{]/);
      expect(change.after).not.toMatch(/^[[{]/);
    }
  });

  it("reports nothing for the first version, which has nothing before it", () => {
    expect(diffPublicationRecords("article", undefined, seed)).toEqual([]);
  });
});
