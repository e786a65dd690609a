// The navigation saved through the admin's content API against the built site and a real
// database: the public header, menu panel and footer follow it, bad links are refused with a 400
// that names the field, an unpublished article drops out of the menus, and History restores it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import { readContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { contentHistory } from "~/features/content/history/content-history.server";
import { defaultNavigation, type Navigation } from "~/features/content/navigation";
import type { PageInput } from "~/features/publishing/schema";
import { listActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import { formatTime as formatZonedTime } from "~/platform/format-time";
import { toSlug } from "~/platform/slug";
import {
  getContent,
  logInCookie,
  postJsonAs,
  resetLoginThrottles,
  sendJsonAs,
} from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { article } from "../support/publications";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const formatTime = (iso: string) => formatZonedTime(iso, "UTC");
/** The footer's markup. */
const readFooter = (html: string) => html.slice(html.indexOf("<footer"));
/** The phone menu's markup (drawn in the page, closed, for visitors without JavaScript). */
const readPhoneMenu = (html: string) => {
  const start = html.indexOf('id="mobile-menu"');
  return html.slice(start, html.indexOf("</nav>", start));
};
/** A page's plain links, as "text -> address". */
const listLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, text]) => `${text} -> ${href}`,
  );
const articleId = "navigation-test-article";

const edited: Navigation = {
  ...defaultNavigation,
  header: [
    ...defaultNavigation.header.slice(0, 2),
    {
      type: "link",
      label: "About",
      target: { type: "page", kind: "page", id: "/about" },
      children: [
        { label: "Our Approach Article", target: { type: "page", kind: "article", id: articleId } },
      ],
    },
    {
      type: "link",
      label: "Client Work",
      target: { type: "page", kind: "page", id: "/case-studies" },
      children: [],
    },
  ],
  cta: { label: "Talk to us", target: { type: "url", url: "mailto:hello@example.com" } },
  profiles: [{ network: "mastodon", url: "https://mastodon.social/@clearline", label: "" }],
};

describe.each(getTestDatabaseKinds())("navigation on $name", (kind) => {
  let site: TestSite;
  let cookie: string;
  const saveNavigation = (navigation: unknown) =>
    postJsonAs(site, "/api/content", { content: { navigation } }, { cookie });
  const readHome = async () => (await fetch(`${site.url}/`)).text();

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

  it("shows the spec's menus by default", async () => {
    const home = await readHome();
    for (const path of ["/about", "/blog", "/contact", "/booking", "/case-studies", "/sitemap"]) {
      expect(home).toContain(`href="${path}"`);
    }
    expect(home).toContain(">Book a Consultation<");
    // The original professional-profile link, once in the footer and once in the phone menu.
    const [linkedin] = defaultNavigation.profiles;
    for (const part of [readFooter(home), readPhoneMenu(home)]) {
      expect(part.split(`href="${linkedin?.url}"`)).toHaveLength(2);
    }
  });

  it("shows an old document's contact profile link once, and the phone menu the footer's profiles", async () => {
    const { content } = await readContent(site.services.db);
    const linkedin = "https://www.linkedin.com/company/clearline-it-consulting";
    const mastodon = "https://mastodon.social/@clearline";
    // As stored before the move: the owner had added the same address as an icon too.
    await site.services.db
      .insertInto("content_revisions")
      .values({
        document: JSON.stringify({
          ...content,
          contact: { ...content.contact, profileUrl: linkedin },
          navigation: {
            ...content.navigation,
            profiles: [
              { network: "linkedin", url: linkedin, label: "" },
              { network: "mastodon", url: mastodon, label: "" },
            ],
          },
        }),
        created_at: new Date().toISOString(),
        author: null,
      })
      .execute();
    await markDataChanged(site.services.db);
    const home = await readHome();
    for (const part of [readFooter(home), readPhoneMenu(home)]) {
      expect(part.split(`href="${linkedin}"`)).toHaveLength(2);
      expect(part.split(`href="${mastodon}"`)).toHaveLength(2);
    }
    await saveNavigation(defaultNavigation);
  });

  it("saves the navigation through the admin path; every page's menus follow, hidden pages drop out", async () => {
    const created = await postJsonAs(
      site,
      "/api/admin/articles",
      article({ slug: articleId, title: "Our Approach" }),
      { cookie },
    );
    expect(created.status, await created.text()).toBeLessThan(300);

    const saved = await saveNavigation(edited);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { version } = (await saved.json()) as { version: number };
    const home = await readHome();
    expect(home).toContain(">Client Work<");
    expect(home).toContain(`href="/blog/${articleId}"`);
    expect(home).toContain(">Our Approach Article<");
    expect(home).toContain('href="mailto:hello@example.com"');
    expect(home).toContain('href="https://mastodon.social/@clearline"');
    expect(home).toContain('rel="me noopener"');
    expect(home).toContain('<span class="sr-only">Mastodon</span>');
    // Saved as content: in the activity log as a content save.
    const { entries } = await listActivity(site.services.db, { action: "content-save" });
    expect(entries[0]).toMatchObject({
      adminEmail: testAdmin.email,
      target: `revision ${version}`,
    });

    // Unpublished: the link leaves the public menus at once, and the screen flags it.
    const draft = await fetch(`${site.url}/api/admin/articles/${articleId}`, {
      method: "PUT",
      headers: { origin: site.url, cookie, "content-type": "application/json" },
      body: JSON.stringify(article({ slug: articleId, title: "Our Approach", status: "draft" })),
    });
    expect(draft.status, await draft.text()).toBe(200);
    const after = await readHome();
    expect(after).not.toContain(`href="/blog/${articleId}"`);
    expect(after).not.toContain("Our Approach Article");
    expect(after).toContain(">Client Work<");
    const screen = await (
      await fetch(`${site.url}/admin/navigation`, { headers: { cookie } })
    ).text();
    expect(screen).toContain("Not shown: the page it names");
  });

  it("shows built pages and services in the header, under an item and in the footer with no article among the targets", async () => {
    const built: PageInput = {
      slug: "careers-in-menus",
      status: "published",
      publishAt: "",
      title: "Careers",
      blocks: [{ ...createBlock("hero", "hero1"), heading: "Join us" } as Block],
      seoDescription: "",
    };
    const created = await postJsonAs(site, "/api/admin/pages", built, { cookie });
    expect(created.status, await created.text()).toBe(201);
    // The link picker lists it from the start, before a word is typed, and says how many it holds.
    const picker = (await (
      await fetch(`${site.url}/api/admin/link-targets?q=`, { headers: { cookie } })
    ).json()) as {
      targets: { title: string; path: string; kind: string; id: string }[];
      total: number;
    };
    expect(picker.targets).toContainEqual({
      title: "Careers",
      path: "/careers-in-menus",
      group: "Pages",
      kind: "page",
      id: "/careers-in-menus",
    });
    expect(picker.total).toBeGreaterThan(picker.targets.length);
    const careers = { type: "page", kind: "page", id: "/careers-in-menus" } as const;
    const serviceSlug = toSlug(defaultContent.services.items[0]?.title ?? "");
    const service = { type: "page", kind: "service", id: serviceSlug } as const;
    const saved = await saveNavigation({
      ...defaultNavigation,
      header: [
        { type: "link", label: "Join the Team", target: careers, children: [] },
        {
          type: "link",
          label: "About",
          target: { type: "page", kind: "page", id: "/about" },
          children: [{ label: "Open Roles", target: careers }],
        },
      ],
      quickLinks: [
        { label: "Work With Us", target: careers },
        { label: "Cloud Help", target: service },
      ],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const links = listLinks(await readHome());
    for (const label of ["Join the Team", "Open Roles", "Work With Us"]) {
      expect(links).toContain(`${label} -> /careers-in-menus`);
    }
    expect(links).toContain(`Cloud Help -> /services/${serviceSlug}`);
    const screen = await (
      await fetch(`${site.url}/admin/navigation`, { headers: { cookie } })
    ).text();
    expect(screen).not.toContain("Not shown: the page it names");

    // Back to a draft: out of every menu at once, and flagged on the screen.
    const draft = await sendJsonAs(
      site,
      "PUT",
      "/api/admin/pages/careers-in-menus",
      { ...built, status: "draft" },
      { cookie },
    );
    expect(draft.status, await draft.text()).toBe(200);
    const after = listLinks(await readHome());
    expect(after.filter((link) => link.endsWith("/careers-in-menus"))).toEqual([]);
    expect(after).toContain(`Cloud Help -> /services/${serviceSlug}`);
    const flagged = await (
      await fetch(`${site.url}/admin/navigation`, { headers: { cookie } })
    ).text();
    expect(flagged.match(/Not shown: the page it names/g)).toHaveLength(3);
  });

  it("refuses bad links with 400 and a message per field, and keeps what was stored", async () => {
    const before = await getContent(site);
    const response = await saveNavigation({
      ...edited,
      quickLinks: [
        { label: "Evil", target: { type: "url", url: "javascript:alert(1)" } },
        { label: "", target: { type: "page", kind: "page", id: "/about" } },
      ],
      profiles: [{ network: "myspace", url: "https://example.com/me", label: "" }],
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toMatchObject({
      "content.navigation.quickLinks.0.target.url":
        "Enter a web address starting with https:// or http://, or a mailto: address",
      "content.navigation.quickLinks.1.label": "Enter the link's text",
      "content.navigation.profiles.0.network": "Choose a network",
    });
    expect(body.message).toBeTruthy();
    expect((await saveNavigation({ header: "no" })).status).toBe(400);
    expect((await getContent(site)).etag).toBe(before.etag);
  });

  it("restores an earlier navigation from History like any content", async () => {
    const first = await saveNavigation(defaultNavigation);
    const { version: defaultVersion } = (await first.json()) as { version: number };
    await saveNavigation(edited);
    expect(await readHome()).toContain(">Client Work<");
    const revision = await contentHistory.get(site.services.db, defaultVersion + 1, {
      formatTime,
    });
    expect(revision?.changed).toContain("Navigation");
    const { etag } = await getContent(site);
    const restore = await fetch(`${site.url}/admin/history/content/${defaultVersion}`, {
      method: "POST",
      headers: {
        origin: site.url,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ expectedVersion: etag.replaceAll('"', "") }),
      redirect: "manual",
    });
    expect(restore.status).toBe(302);
    expect((await getContent(site)).content.navigation).toEqual(defaultNavigation);
    const home = await readHome();
    expect(home).not.toContain(">Client Work<");
    expect(home).toContain(">Book a Consultation<");
  });
});
