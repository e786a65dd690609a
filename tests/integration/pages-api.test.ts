// Pages built from blocks over HTTP against the built site and a real database (SQLite, and
// PostgreSQL when available): addresses taken by a route, reserved or used by another page are
// refused with a message naming why; hostile input in every block's fields is rendered inert;
// the FAQ block's structured data is an FAQPage, in its HTML; a page past the size cap is refused;
// drafts and scheduled pages stay out of the sitemaps until due, noindex ones for good; a renamed
// page's old address answers 301; History restores a deleted page (at a new address when its own is
// taken); a page comes down at its date (410 or its redirect), also while no server ran; an address
// may go one level deeper.
import { describe, expect, it } from "vitest";
import { type Block, blockSpecs, createBlock } from "~/capabilities/blocks/page-blocks";
import type { PageInput } from "~/features/publishing/schema";
import { recordScheduledTakeDowns } from "~/features/publishing/store/go-live.server";
import { listActivity } from "~/platform/activity/activity.server";
import { logInCookie, sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { listTags } from "../support/html-tags";
import { startTestSite, type TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

function page(overrides: Partial<PageInput> = {}): PageInput {
  return {
    slug: "careers-test",
    status: "published",
    publishAt: "",
    title: "Careers",
    blocks: [
      { ...createBlock("hero", "hero1"), heading: "Join us" } as Block,
      {
        ...createBlock("faq", "faq1"),
        heading: "Questions",
        items: [{ question: "Do you hire remotely?", answer: "Yes, across the US." }],
      } as Block,
    ],
    seoDescription: "",
    ...overrides,
  };
}

const script = "<script>alert(1)</script>";
const image = '<img src=x onerror="alert(2)">';
const richBody = `<p onclick="alert(3)">Text</p><a href="javascript:alert(4)">link</a>${script}<iframe src="https://evil.example"></iframe>`;

/** One block of each type with a hostile value in every text field. */
function hostileBlocks(): Block[] {
  return blockSpecs.map((spec, index) => {
    const values: Record<string, unknown> = { type: spec.type, id: `x${index}` };
    for (const field of spec.fields) {
      if (field.kind === "text" || field.kind === "longText") {
        values[field.key] = `Title ${image}`.slice(0, field.max);
      } else if (field.kind === "richText") values[field.key] = richBody;
      else if (field.kind === "image") {
        values[field.key] = { url: "/images/placeholder.svg", alt: `" onerror="alert(6)` };
      } else if (field.kind === "link") values[field.key] = `/contact?"><script>alert(8)</script>`;
      else if (field.kind === "rows") {
        values[field.key] = [
          Object.fromEntries(
            field.fields.map((sub) => [
              sub.key,
              sub.kind === "image"
                ? { url: "/images/placeholder.svg", alt: `" onerror="alert(9)` }
                : `${script}`.slice(0, sub.max),
            ]),
          ),
        ];
      } else if (field.kind === "refs") values[field.key] = [`"><script>alert(10)</script>`];
    }
    return values as Block;
  });
}

describe.each(getTestDatabaseKinds())("pages from blocks on $name", (engine) => {
  let site: TestSite;
  let cookie: string;
  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    sendJsonAs(site, method, path, body, { cookie, headers });
  const visit = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual" });
  const errorsOf = async (response: Response) =>
    ((await response.json()) as { errors: Record<string, string> }).errors;

  useUploadsSite(engine, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  it("opens the editor of a new page", async () => {
    const answer = await send("GET", "/admin/pages/new");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Block to add");
  });

  it("refuses an address a route, a reserved prefix or another page has, saying why", async () => {
    for (const slug of [
      "about",
      "services",
      "blog",
      "contact",
      "sitemap",
      "admin",
      "api",
      "og",
      "fonts",
      // Answered by the host itself, ahead of the routes.
      "assets",
    ]) {
      const answer = await send("POST", "/api/admin/pages", page({ slug }));
      expect(answer.status, slug).toBe(400);
      expect((await errorsOf(answer)).slug, slug).toBe(
        `/${slug} is a page of the site already: choose another address`,
      );
    }
    for (const slug of ["uploads", "new"]) {
      const answer = await send("POST", "/api/admin/pages", page({ slug }));
      expect(answer.status, slug).toBe(400);
      expect((await errorsOf(answer)).slug, slug).toBe(
        `/${slug} is kept for the site's own use: choose another address`,
      );
    }
    expect((await send("POST", "/api/admin/pages", page({ slug: "taken-page" }))).status).toBe(201);
    const again = await send("POST", "/api/admin/pages", page({ slug: "taken-page" }));
    expect(again.status).toBe(400);
    expect((await errorsOf(again)).slug).toMatch(/already uses this URL slug/);
    // Renaming another page onto a route is refused the same way.
    const created = await send("POST", "/api/admin/pages", page({ slug: "rename-me" }));
    const renamed = await send("PUT", "/api/admin/pages/rename-me", page({ slug: "booking" }), {
      "if-match": created.headers.get("etag") ?? "",
    });
    expect(renamed.status).toBe(400);
    expect((await visit("/about")).status).toBe(200);
  });

  it("refuses an address the host itself answers, such as the health checks", async () => {
    for (const slug of ["healthz", "readyz"]) {
      const answer = await send("POST", "/api/admin/pages", page({ slug }));
      expect(answer.status, slug).toBe(400);
      expect((await errorsOf(answer)).slug, slug).toBe(
        `/${slug} is a page of the site already: choose another address`,
      );
    }
    expect((await visit("/healthz")).headers.get("content-type")).toMatch(/json/);
  });

  it("leaves a noindex page out of both sitemaps", async () => {
    const listed = await send("POST", "/api/admin/pages", page({ slug: "listed-page" }));
    expect(listed.status).toBe(201);
    const hidden = await send(
      "POST",
      "/api/admin/pages",
      page({ slug: "hidden-page", noindex: true }),
    );
    expect(hidden.status).toBe(201);
    expect((await visit("/hidden-page")).status).toBe(200);
    const xml = await (await visit("/sitemap.xml")).text();
    const html = await (await visit("/sitemap")).text();
    expect(xml).toContain("/listed-page<");
    expect(html).toContain('href="/listed-page"');
    expect(xml).not.toContain("/hidden-page");
    expect(html).not.toContain("/hidden-page");
  });

  it("restores a deleted page from History as a draft at its address, or at another when it is taken", async () => {
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${site.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: site.url },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const remove = async (slug: string) => {
      const current = await send("GET", `/api/admin/pages/${slug}`);
      const gone = await send("DELETE", `/api/admin/pages/${slug}`, undefined, {
        "if-match": current.headers.get("etag") ?? "",
      });
      expect(gone.status).toBe(200);
    };
    const readItem = async (slug: string) =>
      (
        (await (await send("GET", `/api/admin/pages/${slug}`)).json()) as {
          item: { status: string; record: { title: string; blocks: Block[] } };
        }
      ).item;
    const deletions = async () =>
      (
        await site.services.db
          .selectFrom("publication_revisions")
          .select("id")
          .where("kind", "=", "page")
          .where("item_id", "=", "gone-page")
          .where("action", "=", "delete")
          .orderBy("id")
          .execute()
      ).map((row) => row.id);

    expect((await send("POST", "/api/admin/pages", page({ slug: "gone-page" }))).status).toBe(201);
    await remove("gone-page");
    const listed = await send("GET", "/admin/history?kind=page");
    expect(listed.status).toBe(200);
    const listing = await listed.text();
    expect(listing).toContain('<option value="page" selected="">Pages</option>');
    expect(listing).toContain("Page: Careers");
    const [deletion] = await deletions();
    const revision = await send("GET", `/admin/history/page/${deletion}`);
    expect(revision.status).toBe(200);
    expect(await revision.text()).toContain("restoring brings it back as a draft at /gone-page");
    const restored = await form(`/admin/history/page/${deletion}`, { expectedVersion: "0" });
    expect(restored.status).toBe(302);
    expect(restored.headers.get("location")).toBe(
      `/admin/history?restored=page-${deletion}&at=%2Fgone-page`,
    );
    expect(await readItem("gone-page")).toMatchObject({
      status: "draft",
      record: { title: "Careers", blocks: page().blocks },
    });
    expect((await visit("/gone-page")).status).toBe(404);

    // Deleted again, and another page takes the address: History asks where the old one goes.
    await remove("gone-page");
    await send("POST", "/api/admin/pages", page({ slug: "gone-page", title: "New occupant" }));
    const [, second] = await deletions();
    const asking = await (await send("GET", `/admin/history/page/${second}`)).text();
    expect(asking).toContain("/gone-page is another page&#x27;s address now");
    expect(asking).toMatch(/<input[^>]*name="address"[^>]*value="gone-page-2"/);
    const noAddress = await form(`/admin/history/page/${second}`, { expectedVersion: "0" });
    expect(noAddress.status).toBe(409);
    const reserved = await form(`/admin/history/page/${second}`, {
      expectedVersion: "0",
      address: "healthz",
    });
    expect(reserved.status).toBe(400);
    expect(await reserved.text()).toContain("/healthz is a page of the site already");
    const taken = await form(`/admin/history/page/${second}`, {
      expectedVersion: "0",
      address: "/gone-page",
    });
    expect(taken.status).toBe(400);
    const elsewhere = await form(`/admin/history/page/${second}`, {
      expectedVersion: "0",
      address: "/gone-page-2",
    });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toContain("at=%2Fgone-page-2");
    expect(await readItem("gone-page-2")).toMatchObject({
      status: "draft",
      record: { title: "Careers" },
    });
    expect((await readItem("gone-page")).record.title).toBe("New occupant");
    const notice = await (await send("GET", elsewhere.headers.get("location") ?? "")).text();
    expect(notice).toContain("is back as a draft at /gone-page-2");
  });

  it("takes a page down at its date: 410 Gone or its redirect, and out of both sitemaps", async () => {
    const soon = () => new Date(Date.now() + 1_500).toISOString();
    const gone = await send("POST", "/api/admin/pages", {
      ...page({ slug: "spring-offer" }),
      unpublishAt: soon(),
    });
    expect(gone.status, await gone.clone().text()).toBe(201);
    const moved = await send("POST", "/api/admin/pages", {
      ...page({ slug: "summer-offer" }),
      unpublishAt: soon(),
      unpublishTo: "/services?from=summer",
    });
    expect(moved.status).toBe(201);
    const sitemaps = async () =>
      (
        await Promise.all(
          ["/sitemap.xml", "/sitemap"].map(async (path) => (await visit(path)).text()),
        )
      ).join("\n");
    // Up until its date, cached like any page.
    expect((await visit("/spring-offer")).status).toBe(200);
    expect((await visit("/spring-offer")).status).toBe(200);
    expect(await sitemaps()).toContain("/spring-offer");
    await expect
      .poll(async () => (await visit("/spring-offer")).status, { timeout: 15_000 })
      .toBe(410);
    await expect
      .poll(async () => (await visit("/summer-offer")).status, { timeout: 15_000 })
      .toBe(302);
    const redirected = await visit("/summer-offer");
    expect(redirected.headers.get("location")).toBe("/services?from=summer");
    const listed = await sitemaps();
    expect(listed).not.toContain("/spring-offer");
    expect(listed).not.toContain("/summer-offer");
    // The owner still has it, and may put it back up.
    const stored = await send("GET", "/api/admin/pages/spring-offer");
    expect(stored.status).toBe(200);

    const backwards = await send("POST", "/api/admin/pages", {
      ...page({ slug: "never-up", publishAt: "2026-01-02T00:00:00.000Z" }),
      unpublishAt: "2026-01-01T00:00:00.000Z",
    });
    expect(backwards.status).toBe(400);
    expect((await errorsOf(backwards)).unpublishAt).toBe("Choose a time after the publication");
    const elsewhere = await send("POST", "/api/admin/pages", {
      ...page({ slug: "bad-target" }),
      unpublishAt: soon(),
      unpublishTo: "/\\evil.example",
    });
    expect(elsewhere.status).toBe(400);
  });

  it("serves and edits a page one level deeper, with the reserved rules at each level", async () => {
    const created = await send("POST", "/api/admin/pages", page({ slug: "campaigns/m365-audit" }));
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await visit("/campaigns/m365-audit")).status).toBe(200);
    expect(await (await visit("/sitemap.xml")).text()).toContain("/campaigns/m365-audit<");
    const editor = await send("GET", "/admin/pages/campaigns%2fm365-audit");
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain('value="campaigns/m365-audit"');
    const moved = await send(
      "PUT",
      "/api/admin/pages/campaigns%2Fm365-audit",
      page({ slug: "campaigns/m365-review" }),
      { "if-match": created.headers.get("etag") ?? "" },
    );
    expect(moved.status).toBe(200);
    const old = await visit("/campaigns/m365-audit");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/campaigns/m365-review");

    const refusals: [string, string][] = [
      ["blog/spring", "/blog is a page of the site already: choose another address"],
      ["healthz/spring", "/healthz is a page of the site already: choose another address"],
      ["campaigns/admin", "/admin is kept for the site's own use: choose another address"],
      ["campaigns/new", "/new is kept for the site's own use: choose another address"],
      [
        "campaigns/about",
        "/about is a page of the site already: choose another word for each level",
      ],
    ];
    for (const [slug, message] of refusals) {
      const answer = await send("POST", "/api/admin/pages", page({ slug }));
      expect(answer.status, slug).toBe(400);
      expect((await errorsOf(answer)).slug, slug).toBe(message);
    }
    for (const slug of ["a/b/c", "campaigns/", "/campaigns", "campaigns//x"]) {
      const answer = await send("POST", "/api/admin/pages", page({ slug }));
      expect(answer.status, slug).toBe(400);
    }
  });

  it("refuses hostile links and unknown blocks, and asks for what a published page needs", async () => {
    const badLink = await send(
      "POST",
      "/api/admin/pages",
      page({
        slug: "bad-link",
        blocks: [
          {
            ...createBlock("cta", "c1"),
            heading: "Go",
            buttonHref: "javascript:alert(1)",
          } as Block,
        ],
      }),
    );
    expect(badLink.status).toBe(400);
    expect(await errorsOf(badLink)).toHaveProperty("blocks.0.buttonHref");
    const unknown = await send(
      "POST",
      "/api/admin/pages",
      page({ slug: "unknown-block", blocks: [{ type: "marquee", id: "m1" } as unknown as Block] }),
    );
    expect(unknown.status).toBe(400);
    const missing = await send(
      "POST",
      "/api/admin/pages",
      page({ slug: "no-heading", blocks: [createBlock("hero", "h1")] }),
    );
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing))["blocks.0.heading"]).toBe("Hero block 1: Heading is required");
  });

  it("renders hostile input in every block's fields inert", async () => {
    const saved = await send(
      "POST",
      "/api/admin/pages",
      page({ slug: "xss-page", title: `Title ${image}`, blocks: hostileBlocks() }),
    );
    expect(saved.status).toBe(201);
    const response = await visit("/xss-page");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Title");
    const tags = listTags(html);
    // The booking block's calendar is the one frame: the content's booking address.
    expect(
      tags.filter(
        (tag) =>
          tag.name === "iframe" &&
          !tag.attributes.some(([, value]) => value.startsWith("https://calendly.com/")),
      ),
    ).toEqual([]);
    expect(tags.flatMap((tag) => tag.attributes.filter(([name]) => name.startsWith("on")))).toEqual(
      [],
    );
    expect(
      tags.flatMap((tag) =>
        tag.attributes.filter(
          ([name, value]) => /^(?:href|src)$/.test(name) && /^\s*(?:javascript:|x$)/i.test(value),
        ),
      ),
    ).toEqual([]);
    expect(html).not.toMatch(/<script>alert/i);
  });

  it("leaves out blocks with nothing to show, rather than empty bands", async () => {
    const blocks = [
      { ...createBlock("testimonials", "t1"), heading: "Empty testimonials band" },
      { ...createBlock("faq", "f1"), heading: "Empty questions band" },
      { ...createBlock("figures", "g1") },
      { ...createBlock("richText", "r1"), body: "<p></p>" },
      { ...createBlock("imageText", "i1") },
      { ...createBlock("articles", "a1"), heading: "Empty articles band", category: "No such one" },
      { ...createBlock("cta", "c1"), heading: "The one band with words" },
    ] as Block[];
    const saved = await send("POST", "/api/admin/pages", page({ slug: "sparse-page", blocks }));
    expect(saved.status).toBe(201);
    const html = await (await visit("/sparse-page")).text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("The one band with words");
    for (const heading of [
      "Empty testimonials band",
      "Empty questions band",
      "Empty articles band",
    ])
      expect(main).not.toContain(heading);
    // The page header (no hero) and the call to action: no other section is drawn.
    expect(main.match(/<section\b/g) ?? []).toHaveLength(2);
  });

  it("marks the FAQ block up as an FAQPage in its HTML, once: no JSON-LD or page data repeat it", async () => {
    expect((await send("POST", "/api/admin/pages", page({ slug: "faq-page" }))).status).toBe(201);
    const html = await (await visit("/faq-page")).text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toMatch(/<div itemscope="" itemType="https:\/\/schema.org\/FAQPage">/i);
    expect(main).toMatch(
      /<details[^>]*itemscope=""[^>]*itemProp="mainEntity"[^>]*itemType="https:\/\/schema.org\/Question"[^>]*>\s*<summary[^>]*itemProp="name"[^>]*>Do you hire remotely\?<\/summary>\s*<div itemscope="" itemProp="acceptedAnswer" itemType="https:\/\/schema.org\/Answer"><p[^>]*itemProp="text"[^>]*>Yes, across the US.<\/p>/i,
    );
    const entities = [
      ...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs),
    ].map(([, json]) => JSON.parse(json ?? "{}") as Record<string, unknown>);
    expect(entities.map((entity) => entity["@type"])).not.toContain("FAQPage");
    // The answer is in the page's HTML once: neither structured data nor the page's data repeat it.
    expect(html.split("Yes, across the US.")).toHaveLength(2);
    // A data request (the browser's own navigation) gets the drawn HTML, with nothing to take it from.
    const data = await (await visit("/faq-page.data")).text();
    expect(data).toContain("Yes, across the US.");
  });

  it("refuses a page past the size cap, naming its largest block, and keeps what was stored", async () => {
    const answer = 'We\'re on call, and we say "when" before we start. '.repeat(60).slice(0, 2900);
    const faq = (count: number) =>
      Array.from({ length: count }, (_, b) => ({
        ...createBlock("faq", `faq${b}`),
        heading: `Questions, part ${b + 1}`,
        items: Array.from({ length: 8 }, (_, i) => ({
          question: `Question ${b}-${i}?`,
          answer: `${b}-${i} ${answer}`,
        })),
      })) as Block[];
    const created = await send("POST", "/api/admin/pages", page({ slug: "long-page" }));
    expect(created.status).toBe(201);
    const before = await site.services.db
      .selectFrom("pages")
      .select(["data", "version"])
      .where("id", "=", "long-page")
      .executeTakeFirstOrThrow();
    // 40 FAQ blocks of 8 long answers: 0.95 MB, under the request size limit.
    const tooLong = await send(
      "PUT",
      "/api/admin/pages/long-page",
      page({ slug: "long-page", blocks: faq(40) }),
      {
        "if-match": created.headers.get("etag") ?? "",
      },
    );
    expect(tooLong.status).toBe(400);
    expect((await errorsOf(tooLong)).blocks).toMatch(
      /^This page is too long: its blocks hold 9\d\d KB of text, at most 200 KB\. Shorten or remove blocks \(the largest is FAQ block \d+, \d+ KB\), or split it into two pages\.$/,
    );
    const after = await site.services.db
      .selectFrom("pages")
      .select(["data", "version"])
      .where("id", "=", "long-page")
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Eight such blocks fit.
    const fits = await send(
      "PUT",
      "/api/admin/pages/long-page",
      page({ slug: "long-page", blocks: faq(8) }),
      {
        "if-match": created.headers.get("etag") ?? "",
      },
    );
    expect(fits.status).toBe(200);
  });

  it("keeps drafts and scheduled pages out of sight until due; a renamed page's old address answers 301", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await send("POST", "/api/admin/pages", page({ slug: "draft-page", status: "draft" }));
    await send(
      "POST",
      "/api/admin/pages",
      page({ slug: "later-page", status: "scheduled", publishAt: future }),
    );
    for (const slug of ["draft-page", "later-page"]) {
      expect((await visit(`/${slug}`)).status, slug).toBe(404);
    }
    const places = (
      await Promise.all(
        ["/sitemap.xml", "/sitemap"].map(async (path) => (await visit(path)).text()),
      )
    ).join("\n");
    expect(places).not.toContain("draft-page");
    expect(places).not.toContain("later-page");

    const created = await send("POST", "/api/admin/pages", page({ slug: "old-address" }));
    expect(await visit("/sitemap.xml").then((answer) => answer.text())).toContain("/old-address<");
    const moved = await send("PUT", "/api/admin/pages/old-address", page({ slug: "new-address" }), {
      "if-match": created.headers.get("etag") ?? "",
    });
    expect(moved.status).toBe(200);
    const old = await visit("/old-address");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/new-address");
    expect((await visit("/new-address")).status).toBe(200);
    const links = await send("GET", "/api/admin/link-targets?q=careers");
    expect(await links.text()).toContain("/new-address");
  });
});

describe.each(getTestDatabaseKinds())(
  "a page's take-down date across a restart on $name",
  (engine) => {
    it("comes down while no server runs: the next server answers 410 at once", async () => {
      const database = await engine.create();
      // The first server leaves the database for the second.
      const first = await startTestSite({ url: database.url, drop: async () => {} });
      let second: TestSite | undefined;
      try {
        const cookie = await logInCookie(first);
        const at = Date.now() + 1_000;
        const created = await sendJsonAs(
          first,
          "POST",
          "/api/admin/pages",
          { ...page({ slug: "flash-sale" }), unpublishAt: new Date(at).toISOString() },
          { cookie },
        );
        expect(created.status).toBe(201);
        expect((await fetch(`${first.url}/flash-sale`)).status).toBe(200);
        await first.close();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 100));
        second = await startTestSite(database);
        expect((await fetch(`${second.url}/flash-sale`)).status).toBe(410);
        expect(await (await fetch(`${second.url}/sitemap.xml`)).text()).not.toContain(
          "/flash-sale",
        );
        // The Activity log says so once, dated when it came down, however many servers look.
        const { db } = second.services;
        const counts = await Promise.all([
          recordScheduledTakeDowns(db),
          recordScheduledTakeDowns(db),
          recordScheduledTakeDowns(db),
        ]);
        expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
        const { entries } = await listActivity(db, { action: "take-down-on-schedule" });
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          target: "page flash-sale",
          address: "schedule",
          createdAt: new Date(at).toISOString(),
        });
      } finally {
        await (second ? second.close() : database.drop());
      }
    });
  },
);
