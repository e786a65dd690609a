// The rich-text editor's calls over HTTP against the built site and a real database (SQLite, and
// PostgreSQL when available): the media library's list for the image dialog, the search over the
// site's pages for the link dialog (admin only, drafts never offered), an image placed in a text
// kept from deletion, and an article body with images and links as the editor and an attacker
// would send it, stored with only what is safe.
import { describe, expect, it } from "vitest";
import { defaultArticles } from "~/features/publishing/default-articles";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { article } from "../support/publications";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** A real 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe.each(getTestDatabaseKinds())("the rich-text editor's API on $name", (kind) => {
  let site: TestSite;
  let cookie: string;
  const get = (path: string, withCookie = true) =>
    fetch(`${site.url}${path}`, { headers: withCookie ? { cookie } : {} });
  const postArticle = (body: unknown) =>
    fetch(`${site.url}/api/admin/articles`, {
      method: "POST",
      headers: { origin: site.url, cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  useUploadsSite(kind, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  it("lists the library's images for the image dialog, to admins only", async () => {
    expect((await get("/api/admin/images", false)).status).toBe(401);
    const image = {
      url: await uploadImage(site.url, cookie, {
        bytes: png,
        name: "chart.png",
        type: "image/png",
      }),
    };

    const listed = await get("/api/admin/images");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    const { images } = (await listed.json()) as {
      images: Array<{ url: string; name: string; uploaded: boolean }>;
    };
    expect(images[0]).toMatchObject({ url: image.url, uploaded: true });
    expect(images.some((listedImage) => listedImage.url.startsWith("/images/articles/"))).toBe(
      true,
    );

    // Placed in an article's text, it is in use: the library keeps it.
    const name = image.url.slice(image.url.lastIndexOf("/") + 1);
    const placed = await postArticle(
      article({
        slug: "placed-image",
        body: `<figure data-size="full"><img src="${image.url}" alt="Chart" /></figure>`,
      }),
    );
    expect(placed.status).toBe(201);
    const refused = await fetch(`${site.url}/api/admin/images/${name}`, {
      method: "DELETE",
      headers: { origin: site.url, cookie },
    });
    expect(refused.status).toBe(409);
  });

  it("finds the site's pages and published articles by title for the link dialog", async () => {
    expect((await get("/api/admin/link-targets?q=contact", false)).status).toBe(401);
    const first = defaultArticles[0];
    if (!first) throw new Error("no default article");
    const found = await get(`/api/admin/link-targets?q=${encodeURIComponent(first.title)}`);
    expect(found.status).toBe(200);
    const { targets } = (await found.json()) as {
      targets: Array<{ title: string; path: string }>;
    };
    expect(targets).toContainEqual(
      expect.objectContaining({ title: first.title, path: `/blog/${first.id}` }),
    );

    const contact = (await (await get("/api/admin/link-targets?q=contact")).json()) as {
      targets: Array<{ path: string }>;
    };
    expect(contact.targets.map((target) => target.path)).toContain("/contact");

    // A draft is not a page visitors can open: never offered as a link.
    const draft = await postArticle(
      article({ slug: "secret-draft-plan", title: "Secret Draft Plan", status: "draft" }),
    );
    expect(draft.status).toBe(201);
    const drafts = (await (await get("/api/admin/link-targets?q=secret%20draft")).json()) as {
      targets: unknown[];
    };
    expect(drafts.targets).toEqual([]);
    expect((await get(`/api/admin/link-targets?q=${"x".repeat(5000)}`)).status).toBe(200);
  });

  it("stores an article's figures and links with only the safe parts", async () => {
    const body = [
      '<p>Intro <a href="/blog/other" target="_blank" rel="nofollow">inside</a> and ',
      '<a href="https://example.com/guide" target="_blank" rel="nofollow opener">outside</a> and ',
      '<a href="javascript:alert(1)">bad</a>.</p>',
      '<figure data-size="inline" onclick="alert(1)"><img src="/images/articles/cloud.svg" alt="Cloud" width="640" height="480" onerror="alert(1)"><figcaption>Caption</figcaption></figure>',
      '<figure data-size="full"><img src="https://evil.example/x.png" alt="x"></figure>',
      '<img src="data:image/png;base64,AAAA"><img src="//evil.example/y.png"><img src=javascript:alert(1)>',
    ].join("");
    const saved = await postArticle(article({ slug: "pictures-and-links", body }));
    expect(saved.status).toBe(201);
    const { item } = (await saved.json()) as { item: { record: { body: string } } };
    expect(item.record.body).toBe(
      '<p>Intro <a href="/blog/other">inside</a> and <a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">outside</a> and bad.</p><figure data-size="inline"><img src="/images/articles/cloud.svg" alt="Cloud" width="640" height="480" /><figcaption>Caption</figcaption></figure>',
    );

    const page = await (await fetch(`${site.url}/blog/pictures-and-links`)).text();
    expect(page).toContain(
      '<img loading="lazy" decoding="async" src="/images/articles/cloud.svg" alt="Cloud" width="640" height="480" />',
    );
    expect(page).not.toMatch(/evil\.example|onerror|onclick|javascript:alert/);
  });
});
