// The home and About pages' extra blocks over HTTP against the built site and a real database
// (SQLite, and PostgreSQL when available): none by default, so the pages are the spec's; saved
// blocks show after the page's own sections and before its closing call to action; hostile rich
// text is sanitized, a block without what it needs is refused with a message naming the field.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import type { SiteContent } from "~/features/content/schema";
import {
  getContent,
  logInCookie,
  postJsonAs,
  resetLoginThrottles,
} from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

describe.each(getTestDatabaseKinds())(
  "extra blocks of the home and About pages on $name",
  (kind) => {
    let site: TestSite;
    let cookie: string;
    const save = async (extraBlocks: SiteContent["extraBlocks"]) => {
      const { etag } = await getContent(site);
      return postJsonAs(
        site,
        "/api/content",
        { content: { extraBlocks } },
        { cookie, headers: { "if-match": etag } },
      );
    };
    const visit = async (path: string) => mainOf(await (await fetch(`${site.url}${path}`)).text());

    beforeAll(async () => {
      site = await startTestSite(await kind.create());
    });
    afterAll(async () => {
      await site?.close();
    });
    beforeEach(async () => {
      await resetLoginThrottles(site);
      cookie = await logInCookie(site);
    });

    it("has none by default, then shows saved ones after the page's sections, sanitized", async () => {
      expect((await getContent(site)).content.extraBlocks).toEqual({ home: [], about: [] });
      const before = await visit("/about");
      expect(before).not.toContain("Extra FAQ");

      const faq = {
        ...createBlock("faq", "faq1"),
        heading: "Extra FAQ",
        items: [{ question: "Do you work on weekends?", answer: "For emergencies, yes." }],
      } as Block;
      const rich = {
        ...createBlock("richText", "rich1"),
        body: '<p onclick="alert(1)">Home extra text</p><script>alert(2)</script>',
      } as Block;
      const saved = await save({ home: [rich], about: [faq] });
      expect(saved.status).toBe(200);

      const about = await visit("/about");
      const approach = about.indexOf('id="about-approach"');
      const extra = about.indexOf("Extra FAQ");
      const closing = about.indexOf('id="about-cta"');
      expect(approach).toBeGreaterThan(0);
      expect(extra).toBeGreaterThan(approach);
      expect(closing).toBeGreaterThan(extra);
      expect(about).toContain("Do you work on weekends?");

      const home = await visit("/");
      expect(home.indexOf("Home extra text")).toBeGreaterThan(home.indexOf('id="home-services"'));
      expect(home.indexOf("Home extra text")).toBeLessThan(home.indexOf('id="home-cta"'));
      expect(home).not.toContain("onclick");
      expect(home).not.toContain("alert(2)");
      const stored = (await getContent(site)).content.extraBlocks.home[0] as { body: string };
      expect(stored.body).toBe("<p>Home extra text</p>");
    });

    it("gives a contact block the owner's heading only, and the form's own where it has none", async () => {
      const titled = {
        ...createBlock("contact", "talk1"),
        heading: "Talk to an engineer",
      } as Block;
      const untitled = createBlock("contact", "talk2");
      expect((await save({ home: [], about: [titled] })).status).toBe(200);
      const about = await visit("/about");
      expect(about).toContain(">Talk to an engineer</h2>");
      expect(about).not.toContain("Send Us a Message");
      // The form is named by the owner's heading.
      expect(about).toMatch(/<form[^>]*aria-labelledby="block-talk1"/);

      expect((await save({ home: [], about: [untitled] })).status).toBe(200);
      const plain = await visit("/about");
      expect(plain.match(/Send Us a Message/g)).toHaveLength(1);
    });

    it("refuses unknown blocks, hostile links and an image without a description, naming the field", async () => {
      const hero = {
        ...createBlock("hero", "hero1"),
        heading: "Offer",
        image: { url: "/images/placeholder.svg", alt: "" },
      } as Block;
      const noAlt = await save({ home: [hero], about: [] });
      expect(noAlt.status).toBe(400);
      expect(JSON.stringify(await noAlt.json())).toContain(
        "Hero block 1: describe the image for people who cannot see it",
      );

      const cta = {
        ...createBlock("cta", "cta1"),
        heading: "Go",
        buttonLabel: "Go",
        buttonHref: "javascript:alert(1)",
      } as Block;
      const hostile = await save({ home: [], about: [cta] });
      expect(hostile.status).toBe(400);
      expect(JSON.stringify(await hostile.json())).toContain("Use an address on this site");

      const unknown = await save({
        home: [{ type: "marquee", id: "m1" } as unknown as Block],
        about: [],
      });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(await unknown.json())).toContain("Unknown block type");
      // Nothing refused was kept.
      expect((await getContent(site)).content.extraBlocks.home).not.toContainEqual(
        expect.objectContaining({ id: "hero1" }),
      );
    });
  },
);
