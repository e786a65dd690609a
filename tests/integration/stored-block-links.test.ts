// Block links stored before the check of an address on this site, over HTTP against the built site
// and a real database (SQLite, and PostgreSQL when available): a built page's and the home page's
// extra blocks whose stored button links a browser would follow to another host still show their
// page, without a link there.
import { describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import { getContent, postJsonAs } from "../support/admin-requests";
import { publishBlockPage } from "../support/block-pages";
import { getTestDatabaseKinds } from "../support/databases";
import { useSignedInUploadsSite } from "../support/uploads-site";

/** What old rows may hold: a backslash, a tab, an escaped backslash; each leads to another host. */
const unsafeLinks = ["/\\evil.example", "/\t/evil.example", "/%5Cevil.example/x"];

/** The stored JSON with each safe placeholder link replaced by an unsafe one, as an old row held. */
function plantUnsafeLinks(json: string, placeholders: string[]): string {
  return placeholders.reduce(
    (text, placeholder, index) =>
      text.replace(JSON.stringify(placeholder), JSON.stringify(unsafeLinks[index])),
    json,
  );
}

const hrefsOf = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href ?? "");

describe.each(getTestDatabaseKinds())("stored block links on $name", (kind) => {
  const suite = useSignedInUploadsSite(kind);

  it("draws no link to another host from a built page's stored buttons", async () => {
    const blocks = [
      {
        ...createBlock("hero", "hero1"),
        heading: "Old Campaign",
        primaryLabel: "Start here",
        primaryHref: "/placeholder-one",
        secondaryLabel: "Our services",
        secondaryHref: "/services",
      },
      {
        ...createBlock("cta", "cta1"),
        heading: "Ready to talk?",
        buttonLabel: "Book a call",
        buttonHref: "/placeholder-two",
      },
    ] as Block[];
    await publishBlockPage(suite.site, suite.cookie, {
      slug: "old-campaign",
      title: "Old Campaign",
      blocks,
    });
    const db = suite.site.services.db;
    const row = await db
      .selectFrom("pages")
      .select("data")
      .where("id", "=", "old-campaign")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("pages")
      .set({ data: plantUnsafeLinks(row.data, ["/placeholder-one", "/placeholder-two"]) })
      .where("id", "=", "old-campaign")
      .execute();

    const response = await fetch(`${suite.site.url}/old-campaign`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Old Campaign");
    expect(hrefsOf(html).filter((href) => href.includes("evil.example"))).toEqual([]);
    expect(html).not.toContain("evil.example");
    // The safe button stays a link.
    expect(hrefsOf(html)).toContain("/services");
  });

  it("draws no link to another host from the home page's stored extra blocks", async () => {
    const cta = {
      ...createBlock("cta", "homecta"),
      heading: "Old extra band",
      buttonLabel: "Go now",
      buttonHref: "/placeholder-three",
    } as Block;
    const { etag } = await getContent(suite.site);
    const saved = await postJsonAs(
      suite.site,
      "/api/content",
      { content: { extraBlocks: { home: [cta], about: [] } } },
      { cookie: suite.cookie, headers: { "if-match": etag } },
    );
    expect(saved.status).toBe(200);
    const db = suite.site.services.db;
    const latest = await db
      .selectFrom("content_revisions")
      .select("document")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    // A new revision, as the old document would have been the newest one.
    await db
      .insertInto("content_revisions")
      .values({
        document: latest.document.replace('"/placeholder-three"', JSON.stringify(unsafeLinks[2])),
        created_at: new Date().toISOString(),
        author: null,
      })
      .execute();

    const response = await fetch(`${suite.site.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Old extra band");
    expect(html).not.toContain("evil.example");
  });
});
