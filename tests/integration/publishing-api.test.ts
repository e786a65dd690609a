// Publishing over HTTP against the built site and a real database (SQLite, and PostgreSQL when
// available): the admin API's answers (401, 403, 400 with field messages, 409, never 500), drafts
// and scheduled items hidden from every public list and page until their time, old slugs
// answered with a 301, stored XSS in every field rendered inert, the Atom feed parsed by a real
// XML parser with every link answering 200, the blog with 60 articles, and images in use kept.
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { seoDescriptionMessage } from "~/features/content/schema";
import { defaultArticles } from "~/features/publishing/default-articles";
import { type CaseStudyInput, createEmptyInput } from "~/features/publishing/schema";
import { toSlug } from "~/platform/slug";
import { getContent, postJsonAs, sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { listTags } from "../support/html-tags";
import { article } from "../support/publications";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const atom = "http://www.w3.org/2005/Atom";

function caseStudy(overrides: Partial<CaseStudyInput> = {}): CaseStudyInput {
  return {
    slug: "logistics-fleet-tracking",
    status: "published",
    publishAt: "",
    title: "Fleet Tracking for a Logistics Firm",
    description: "Live positions for 80 trucks.",
    industry: "Logistics",
    client: "Northline Freight",
    challenge: "Dispatchers phoned drivers for positions.",
    approach: ["Chose trackers", "Integrated dispatch"],
    results: [{ value: "30%", label: "fewer calls" }],
    testimonial: { quote: "Calm dispatch.", name: "Lee Park", role: "COO", company: "Northline" },
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body: "<p>The story.</p>",
    ...overrides,
  };
}

describe.each(getTestDatabaseKinds())("publishing over HTTP on $name", (engine) => {
  let site: TestSite;
  let cookie: string;

  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    sendJsonAs(site, method, path, body, { cookie, headers });
  const visit = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual" });
  const visitText = async (path: string) => (await visit(path)).text();

  /** Every public place an item could show up, as a visitor sees them. */
  async function readPublicPlaces() {
    const paths = ["/blog", "/case-studies", "/sitemap", "/sitemap.xml", "/blog/feed.xml"];
    return (await Promise.all(paths.map(visitText))).join("\n");
  }

  useUploadsSite(engine, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  it("refuses visitors, other sites and bad input with clear answers, never a 500", async () => {
    const anonymous = await fetch(`${site.url}/api/admin/articles`);
    expect(anonymous.status).toBe(401);
    const crossSite = await send("POST", "/api/admin/articles", article(), {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect((await send("GET", "/api/admin/widgets")).status).toBe(404);

    const invalid = await send(
      "POST",
      "/api/admin/articles",
      article({ title: "", slug: "Not A Slug", imageUrl: "/images/x.png", status: "scheduled" }),
    );
    expect(invalid.status).toBe(400);
    const { errors } = (await invalid.json()) as { errors: Record<string, string> };
    expect(errors).toMatchObject({
      title: "Title is required",
      slug: "Use lowercase letters, digits and hyphens",
      publishAt: "Choose the date and time to publish",
      imageAlt: "Describe the image for people who cannot see it",
    });
    const nested = await send(
      "POST",
      "/api/admin/case-studies",
      caseStudy({ results: [{ value: "", label: "x" }] }),
    );
    expect(((await nested.json()) as { errors: Record<string, string> }).errors).toEqual({
      "results.0.value": "Result value is required",
    });
    expect((await send("POST", "/api/admin/articles", "[")).status).toBe(400);
    const notJson = await fetch(`${site.url}/api/admin/articles`, {
      method: "POST",
      headers: { origin: site.url, cookie, "content-type": "text/plain" },
      body: "title=x",
    });
    expect(notJson.status).toBe(415);
    expect((await send("PUT", "/api/admin/articles/no-such-article", article())).status).toBe(404);
    expect((await send("GET", "/api/admin/articles")).status).toBe(200);
  });

  it("shows a written search description on the public page, and refuses a 40-character one", async () => {
    const metaOf = async (path: string) => {
      const tags = listTags(await visitText(path)).filter((tag) => tag.name === "meta");
      const read = (key: string, value: string) =>
        tags
          .find((tag) => tag.attributes.some(([name, text]) => name === key && text === value))
          ?.attributes.find(([name]) => name === "content")?.[1];
      return { description: read("name", "description"), og: read("property", "og:description") };
    };
    const tooShort = "Forty characters is too short to be seen";
    expect(tooShort).toHaveLength(40);

    // A service, through the content API; the page is visited first so a cached copy exists.
    const { content } = await getContent(site);
    const [first, ...others] = content.services.items;
    if (!first) throw new Error("The default content has services");
    const servicePath = `/services/${toSlug(first.title)}`;
    const computed = await metaOf(servicePath);
    const serviceText =
      "IT strategy for growing firms: a roadmap, a budget and the first three projects, in plain words.";
    const withService = (seoDescription: string) => ({
      content: {
        services: { ...content.services, items: [{ ...first, seoDescription }, ...others] },
      },
    });
    const refused = await send("POST", "/api/content", withService(tooShort));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
      "content.services.items.0.seoDescription": seoDescriptionMessage,
    });
    expect(await metaOf(servicePath)).toEqual(computed);
    expect((await send("POST", "/api/content", withService(` ${serviceText} `))).status).toBe(200);
    expect(await metaOf(servicePath)).toEqual({ description: serviceText, og: serviceText });

    // An article, through the publishing API.
    const slug = "written-search-description";
    const articleText =
      "Patch every server without a maintenance weekend: the order, the tools and the checks we use.";
    const short = await send(
      "POST",
      "/api/admin/articles",
      article({ slug, title: "Search Descriptions", seoDescription: tooShort }),
    );
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Record<string, string> }).errors).toEqual({
      seoDescription: seoDescriptionMessage,
    });
    expect((await visit(`/blog/${slug}`)).status).toBe(404);
    const created = await send(
      "POST",
      "/api/admin/articles",
      article({ slug, title: "Search Descriptions", seoDescription: articleText }),
    );
    expect(created.status).toBe(201);
    expect(await metaOf(`/blog/${slug}`)).toEqual({ description: articleText, og: articleText });
  });

  it("sanitizes the body first, then checks its length", async () => {
    const noise = `<script>${"x".repeat(60_000)}</script>`;
    const saved = await send(
      "POST",
      "/api/admin/articles",
      article({ slug: "sanitized-first", status: "draft", body: `${noise}<p>Kept.</p>` }),
    );
    expect(saved.status).toBe(201);
    const { item } = (await saved.json()) as { item: { record: { body: string } } };
    expect(item.record.body).toBe("<p>Kept.</p>");
    const tooLong = await send(
      "POST",
      "/api/admin/articles",
      article({ slug: "too-long", body: `<p>${"y".repeat(50_001)}</p>` }),
    );
    expect(tooLong.status).toBe(400);
  });

  it("keeps a draft off every public page; admins preview it; publishing shows it everywhere", async () => {
    const slug = "draft-then-published";
    const created = await send(
      "POST",
      "/api/admin/articles",
      article({ slug, status: "draft", category: "Quokka Notes" }),
    );
    expect(created.status).toBe(201);
    const version = created.headers.get("etag") ?? "";

    expect((await visit(`/blog/${slug}`)).status).toBe(404);
    const places = await readPublicPlaces();
    expect(places).not.toContain(slug);
    expect(places).not.toContain("Quokka Notes");
    expect(await visitText("/blog?q=Patching")).toContain("No articles found");
    // Related articles under another article: not the draft.
    const related = `/blog/${defaultArticles[0]?.id}`;
    expect(await visitText(related)).not.toContain("Patching Without Downtime");

    const preview = await fetch(`${site.url}/blog/${slug}`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Patching Without Downtime");
    expect(previewHtml).toContain("only signed-in admins can see it");
    expect(preview.headers.get("cache-control")).toContain("private");
    // A preview is never indexed or shared: noindex, no preview image, no structured data.
    expect(previewHtml).toMatch(/<meta name="robots" content="noindex"\/>/);
    expect(previewHtml).not.toContain("og:image");
    expect(previewHtml).not.toContain("application/ld+json");
    expect((await visit(`/og/blog/${slug}.png`)).status).toBe(404);

    const publishedAfter = new Date().toISOString();
    const published = await send(
      "PUT",
      `/api/admin/articles/${slug}`,
      article({ slug, category: "Quokka Notes" }),
      {
        "if-match": version,
      },
    );
    expect(published.status).toBe(200);
    expect((await visit(`/blog/${slug}`)).status).toBe(200);
    const after = await readPublicPlaces();
    expect(after).toContain(`/blog/${slug}`);
    expect(await visitText("/blog")).toContain("Quokka Notes");
    expect(await visitText(related)).toContain("Patching Without Downtime");
    // Issue 12's search data follows the stored article: JSON-LD, preview image, sitemap lastmod.
    const page = await visitText(`/blog/${slug}`);
    expect(page).toContain('"@type":"Article","headline":"Patching Without Downtime"');
    const image = await visit(`/og/blog/${slug}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const lastmod = new RegExp(`/blog/${slug}</loc><lastmod>([^<]+)</lastmod>`).exec(
      await visitText("/sitemap.xml"),
    )?.[1];
    expect(lastmod && lastmod >= publishedAfter).toBe(true);

    // The version loaded before the publication is stale now.
    const stale = await send(
      "PUT",
      `/api/admin/articles/${slug}`,
      article({ slug, title: "Lost" }),
      {
        "if-match": version,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.headers.get("etag")).toBe(published.headers.get("etag"));
    expect(await visitText(`/blog/${slug}`)).not.toContain("Lost");
  });

  it("saves a draft with only its title, and refuses to publish or schedule it incomplete", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const kinds = [
      {
        collection: "articles",
        publicPath: "/blog",
        missing: {
          excerpt: "Excerpt is required",
          category: "Category is required",
          authorName: "Author is required",
        },
      },
      {
        collection: "case-studies",
        publicPath: "/case-studies",
        missing: { description: "Summary is required", industry: "Industry is required" },
      },
    ] as const;
    for (const { collection, publicPath, missing } of kinds) {
      const kind = collection === "articles" ? "article" : "case-study";
      const slug = `only-a-title-${kind}`;
      const draft = { ...createEmptyInput(kind), slug, title: `Only A Title ${kind}` };
      const created = await send("POST", `/api/admin/${collection}`, draft);
      expect(created.status).toBe(201);
      const etag = created.headers.get("etag") ?? "";
      const { items } = (await (await send("GET", `/api/admin/${collection}`)).json()) as {
        items: { record: { id: string }; status: string }[];
      };
      expect(items.find((item) => item.record.id === slug)?.status).toBe("draft");

      // Nothing public chokes on its empty fields, and an admin's preview shows it.
      const preview = await fetch(`${site.url}${publicPath}/${slug}`, { headers: { cookie } });
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain(`Only A Title ${kind}`);
      expect((await visit(`${publicPath}/${slug}`)).status).toBe(404);
      for (const path of [publicPath, "/sitemap", "/sitemap.xml", "/blog/feed.xml"]) {
        const answer = await visit(path);
        expect(answer.status).toBe(200);
        expect(await answer.text()).not.toContain(slug);
      }

      // Publishing and scheduling ask for every required field; nothing is stored.
      for (const attempt of [
        { status: "published", publishAt: "" },
        { status: "scheduled", publishAt: future },
      ]) {
        const refused = await send(
          "PUT",
          `/api/admin/${collection}/${slug}`,
          { ...draft, ...attempt },
          { "if-match": etag },
        );
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual(
          missing,
        );
      }
      const createdPublished = await send("POST", `/api/admin/${collection}`, {
        ...draft,
        slug: `${slug}-published`,
        status: "published",
      });
      expect(createdPublished.status).toBe(400);
      const stored = await send("GET", `/api/admin/${collection}/${slug}`);
      expect(stored.headers.get("etag")).toBe(etag);
      const { item, revisions } = (await stored.json()) as {
        item: { status: string };
        revisions: unknown[];
      };
      expect(item.status).toBe("draft");
      expect(revisions).toHaveLength(1);
      expect((await send("GET", `/api/admin/${collection}/${slug}-published`)).status).toBe(404);
      expect((await visit(`${publicPath}/${slug}`)).status).toBe(404);
    }
  });

  it("publishes a scheduled case study by itself when its time comes", async () => {
    const slug = "scheduled-case-study";
    const at = new Date(Date.now() + 2_000).toISOString();
    const saved = await send(
      "POST",
      "/api/admin/case-studies",
      caseStudy({ slug, status: "scheduled", publishAt: at }),
    );
    expect(saved.status).toBe(201);
    expect((await visit(`/case-studies/${slug}`)).status).toBe(404);
    expect(await readPublicPlaces()).not.toContain(slug);

    await new Promise((resolve) => setTimeout(resolve, Date.parse(at) - Date.now() + 200));
    expect((await visit(`/case-studies/${slug}`)).status).toBe(200);
    expect(await visitText("/case-studies")).toContain("Fleet Tracking for a Logistics Firm");
    expect(await visitText("/sitemap.xml")).toContain(`/case-studies/${slug}`);
  });

  it("answers an old slug with a 301 to the new one, for articles and case studies", async () => {
    for (const [collection, prefix, input] of [
      ["articles", "/blog", article({ slug: "old-article-slug" })],
      ["case-studies", "/case-studies", caseStudy({ slug: "old-study-slug" })],
    ] as const) {
      const created = await send("POST", `/api/admin/${collection}`, input);
      expect(created.status).toBe(201);
      const renamed = await send(
        "PUT",
        `/api/admin/${collection}/${input.slug}`,
        { ...input, slug: `${input.slug}-renamed` },
        { "if-match": created.headers.get("etag") ?? "" },
      );
      expect(renamed.status).toBe(200);
      const old = await visit(`${prefix}/${input.slug}`);
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe(`${prefix}/${input.slug}-renamed`);
      expect((await visit(`${prefix}/${input.slug}-renamed`)).status).toBe(200);

      const deleted = await send(
        "DELETE",
        `/api/admin/${collection}/${input.slug}-renamed`,
        undefined,
        {
          "if-match": renamed.headers.get("etag") ?? "",
        },
      );
      expect(deleted.status).toBe(200);
      expect((await visit(`${prefix}/${input.slug}`)).status).toBe(404);
      expect((await visit(`${prefix}/${input.slug}-renamed`)).status).toBe(404);
    }
  });

  it("answers a navigation's data request for an old slug with the redirect React Router reads", async () => {
    const input = article({ slug: "old-data-slug" });
    const created = await send("POST", "/api/admin/articles", input);
    expect(created.status).toBe(201);
    const renamed = await send(
      "PUT",
      `/api/admin/articles/${input.slug}`,
      { ...input, slug: `${input.slug}-renamed` },
      { "if-match": created.headers.get("etag") ?? "" },
    );
    expect(renamed.status).toBe(200);
    const data = await visit(
      `/blog/${input.slug}.data?utm_source=mail&_routes=features%2Fpages%2Froutes%2Farticle`,
    );
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe(
      `/blog/${input.slug}-renamed?utm_source=mail`,
    );
    expect(data.headers.get("x-remix-status")).toBe("301");
    expect((await visit(`/blog/${input.slug}-renamed.data`)).status).toBe(200);
  });

  it("renders stored XSS in every field of both kinds inert on the public pages", async () => {
    const script = "<script>alert(1)</script>";
    const image = '<img src=x onerror="alert(2)">';
    const body = `<p onclick="alert(3)">Text</p><a href="javascript:alert(4)">link</a>${script}<iframe src="https://evil.example"></iframe>`;
    const articleSaved = await send(
      "POST",
      "/api/admin/articles",
      article({
        slug: "xss-article",
        title: `Title ${script}`,
        excerpt: `Excerpt ${image}`,
        category: `Cat ${script}`,
        authorName: `Author ${image}`,
        readTime: `"><script>alert(5)</script>`,
        imageUrl: "/images/placeholder.svg",
        imageAlt: `" onerror="alert(6)`,
        body,
      }),
    );
    expect(articleSaved.status).toBe(201);
    const studySaved = await send(
      "POST",
      "/api/admin/case-studies",
      caseStudy({
        slug: "xss-case-study",
        title: `Title ${script}`,
        description: `Summary ${image}`,
        industry: `Industry ${script}`,
        client: `Client ${image}`,
        challenge: `Challenge ${script}`,
        approach: [`Step ${image}`],
        results: [{ value: script.slice(0, 20), label: `Label ${image}` }],
        testimonial: {
          quote: `Quote ${script}`,
          name: `Name ${image}`,
          role: script,
          company: image,
        },
        imageUrl: "/images/placeholder.svg",
        imageAlt: `" onerror="alert(6)`,
        body,
      }),
    );
    expect(studySaved.status).toBe(201);
    // A javascript: image address is refused outright.
    const badImage = await send(
      "POST",
      "/api/admin/articles",
      article({ slug: "bad-image", imageUrl: "javascript:alert(7)", imageAlt: "x" }),
    );
    expect(badImage.status).toBe(400);

    for (const path of [
      "/blog",
      "/blog/xss-article",
      "/case-studies",
      "/case-studies/xss-case-study",
      "/sitemap",
      "/blog?q=Title",
    ]) {
      const html = await visitText(path);
      expect(html, path).toContain("Title");
      // No markup from a field made it into the page as markup: no script of ours, no handler
      // attribute on any tag, no javascript: link, no frame.
      const tags = listTags(html);
      expect(
        tags.filter((tag) => tag.name === "iframe"),
        path,
      ).toEqual([]);
      expect(
        tags.flatMap((tag) => tag.attributes.filter(([name]) => name.startsWith("on"))),
        path,
      ).toEqual([]);
      expect(
        tags.flatMap((tag) =>
          tag.attributes.filter(
            ([name, value]) => /^(?:href|src)$/.test(name) && /^\s*(?:javascript:|x$)/i.test(value),
          ),
        ),
        path,
      ).toEqual([]);
      expect(html, path).not.toMatch(/<script>alert/i);
    }
    const feed = await visitText("/blog/feed.xml");
    const document = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(feed, "text/xml");
    const entry = [...document.getElementsByTagNameNS(atom, "entry")].find((node) =>
      node.getElementsByTagNameNS(atom, "id")[0]?.textContent?.endsWith("/blog/xss-article"),
    );
    const content = entry?.getElementsByTagNameNS(atom, "content")[0]?.textContent ?? "";
    expect(content).toContain("<p>Text</p>");
    expect(content).not.toMatch(/onclick|javascript:|<script|<iframe/i);
    expect(entry?.getElementsByTagNameNS(atom, "title")[0]?.textContent).toBe(`Title ${script}`);
  });

  it("serves a valid Atom feed of published articles whose every link answers 200", async () => {
    await send(
      "POST",
      "/api/admin/articles",
      article({ slug: "feed-draft", status: "draft", title: "Feed Draft" }),
    );
    const response = await visit("/blog/feed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    const document = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(xml, "text/xml");
    const feed = document.documentElement;
    expect(feed?.namespaceURI).toBe(atom);
    expect(feed?.localName).toBe("feed");

    const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;
    const entries = [...document.getElementsByTagNameNS(atom, "entry")];
    const { items } = (await (await send("GET", "/api/admin/articles")).json()) as {
      items: Array<{ status: string; record: { id: string } }>;
    };
    const published = items
      .filter((item) => item.status === "published")
      .map((item) => item.record.id);
    expect(
      entries
        .map(
          (entry) => entry.getElementsByTagNameNS(atom, "id")[0]?.textContent?.split("/blog/")[1],
        )
        .sort(),
    ).toEqual(published.slice(0, 20).sort());
    expect(xml).not.toContain("feed-draft");

    const links = [...document.getElementsByTagNameNS(atom, "link")].map(
      (link) => link.getAttribute("href") ?? "",
    );
    for (const entry of entries) {
      for (const name of ["id", "title", "updated", "published", "summary", "content"]) {
        expect(entry.getElementsByTagNameNS(atom, name)).toHaveLength(1);
      }
      for (const name of ["updated", "published"]) {
        expect(entry.getElementsByTagNameNS(atom, name)[0]?.textContent).toMatch(rfc3339);
      }
      const html = entry.getElementsByTagNameNS(atom, "content")[0]?.textContent ?? "";
      links.push(...[...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1] ?? ""));
    }
    expect(links.length).toBeGreaterThan(entries.length);
    for (const link of new Set(links)) {
      // Absolute, on this site (SITE_URL is where the test site answers).
      expect(link, link).toMatch(/^https?:\/\//);
      const path = new URL(link).pathname;
      expect((await visit(path)).status, link).toBe(200);
    }

    const blog = await visitText("/blog");
    expect(blog).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/blog\/feed.xml"\/>/,
    );
  });

  it("pages and filters a blog of 60 articles with Load More", async () => {
    const { items } = (await (await send("GET", "/api/admin/articles")).json()) as {
      items: Array<{ status: string }>;
    };
    const visible = items.filter((item) => item.status === "published").length;
    const base = Date.parse("2024-01-01T00:00:00.000Z");
    for (let index = visible; index < 60; index += 1) {
      const saved = await send(
        "POST",
        "/api/admin/articles",
        article({
          slug: `bulk-article-${index}`,
          title: `Bulk Article ${index}`,
          category: index % 2 ? "Odd Topics" : "Even Topics",
          publishAt: new Date(base + index * 3_600_000).toISOString(),
        }),
      );
      expect(saved.status).toBe(201);
    }
    const count = (html: string) => (html.match(/id="post-(?!title-)/g) ?? []).length;
    const first = await visitText("/blog");
    expect(first).toContain("Showing 6 of 60 articles");
    expect(count(first)).toBe(6);
    // The button's words are also in the page's content data: look for the button itself.
    expect(first).toMatch(/>Load More Articles</);
    const last = await visitText("/blog?page=10");
    expect(last).toContain("Showing 60 of 60 articles");
    expect(count(last)).toBe(60);
    expect(last).not.toMatch(/>Load More Articles</);
    const odd = await visitText("/blog?category=Odd+Topics&page=2");
    expect(odd).toMatch(/Showing 12 of \d+ articles/);
    expect(odd).not.toContain("Even Topics</span>");
    const search = await visitText("/blog?q=Bulk+Article+59");
    expect(search).toContain("Showing 1 of 1 article");
  });

  it("refuses to delete an uploaded image while an item uses it", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "cover.png");
    const uploaded = await fetch(`${site.url}/api/admin/images`, {
      method: "POST",
      body: form,
      headers: { origin: site.url, cookie },
    });
    const { image } = (await uploaded.json()) as { image: { url: string } };
    const name = image.url.split("/").pop();
    const draft = await send(
      "POST",
      "/api/admin/articles",
      article({
        slug: "uses-the-cover",
        status: "draft",
        imageUrl: image.url,
        imageAlt: "A cover",
      }),
    );
    expect(draft.status).toBe(201);

    const library = await fetch(`${site.url}/images`, { headers: { cookie } });
    expect(await library.text()).toContain("Article: Patching Without Downtime");
    const refused = await send("DELETE", `/api/admin/images/${name}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "Article: Patching Without Downtime",
    );
    expect((await visit(image.url)).status).toBe(200);

    await send("DELETE", "/api/admin/articles/uses-the-cover", undefined, {
      "if-match": draft.headers.get("etag") ?? "",
    });
    expect((await send("DELETE", `/api/admin/images/${name}`)).status).toBe(200);
    expect((await visit(image.url)).status).toBe(404);
    expect((await send("DELETE", "/api/admin/images/not-an-upload.svg")).status).toBe(404);
  });

  it("restores an older revision as a new version", async () => {
    const created = await send(
      "POST",
      "/api/admin/articles",
      article({ slug: "restore-me", title: "First Title" }),
    );
    const saved = await send(
      "PUT",
      "/api/admin/articles/restore-me",
      article({ slug: "restore-me", title: "Second Title" }),
      {
        "if-match": created.headers.get("etag") ?? "",
      },
    );
    type Answer = {
      item: { version: number };
      revisions: Array<{ id: number; title: string }>;
    };
    const detail = (await (await send("GET", "/api/admin/articles/restore-me")).json()) as Answer;
    expect(detail.revisions.map((revision) => revision.title)).toEqual([
      "Second Title",
      "First Title",
    ]);
    // The save's answer is all the editor needs next: the item, its version and its revisions.
    const savedAnswer = (await saved.json()) as Answer;
    expect(savedAnswer.item.version).toBe(detail.item.version);
    expect(savedAnswer.revisions).toEqual(detail.revisions);
    const restored = await postJsonAs(
      site,
      "/api/admin/articles/restore-me/restore",
      { revisionId: detail.revisions[1]?.id },
      { cookie, headers: { "if-match": saved.headers.get("etag") ?? "" } },
    );
    expect(restored.status).toBe(200);
    const restoredAnswer = (await restored.json()) as Answer;
    expect(restoredAnswer.revisions.map((revision) => revision.title)).toEqual([
      "First Title",
      "Second Title",
      "First Title",
    ]);
    expect(await visitText("/blog/restore-me")).toContain("First Title");
    const stale = await postJsonAs(
      site,
      "/api/admin/articles/restore-me/restore",
      { revisionId: detail.revisions[0]?.id },
      { cookie, headers: { "if-match": saved.headers.get("etag") ?? "" } },
    );
    expect(stale.status).toBe(409);

    // Each change is in the activity log and in History, with who made it.
    const activity = await site.services.db
      .selectFrom("admin_activity")
      .select(["action", "target", "admin_email"])
      .where("target", "=", "article restore-me")
      .orderBy("id")
      .execute();
    expect(activity.map((entry) => entry.action)).toEqual([
      "article-save",
      "article-save",
      "article-restore",
    ]);
    expect(activity.every((entry) => entry.admin_email === "owner@example.com")).toBe(true);
    const history = await (
      await fetch(`${site.url}/admin/history`, { headers: { cookie } })
    ).text();
    expect(history).toContain("Article: First Title");
    const revision = await fetch(`${site.url}/admin/history/article/${detail.revisions[0]?.id}`, {
      headers: { cookie },
    });
    expect(revision.status).toBe(200);
    const revisionHtml = await revision.text();
    expect(revisionHtml).toContain("Second Title");
    expect(revisionHtml).toContain("First Title");
  });
});
