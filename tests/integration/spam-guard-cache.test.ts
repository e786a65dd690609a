// The spam guard with cached pages (issue 8, docs/decisions/004): the copy of /contact everyone
// gets carries the time it was rendered, which may be long ago, so the time this browser fetched a
// page travels in a cookie. A bot that fetches and posts at once is still dropped, with and
// without JavaScript; a person with two tabs, or a page rendered long before, loses nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMinimumFillMs } from "~/server/leads/spam.server";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const validMessage = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "",
  company: "",
  message: "We would like a quote for moving our file server to the cloud.",
};

/** A browser's cookie jar, or none for a client that keeps no cookies. */
type Jar = Map<string, string> | undefined;

describe.each(getTestDatabaseKinds())("spam guard with cached pages on $name", (kind) => {
  let site: TestSite;
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  function cookieHeader(jar: Jar): Record<string, string> {
    if (!jar || jar.size === 0) return {};
    return { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") };
  }

  /** GETs a page as a browser would; returns the form token it shows and any cookie it set. */
  async function open(path: string, jar: Jar) {
    const response = await fetch(`${site.url}${path}`, { headers: cookieHeader(jar) });
    expect(response.status).toBe(200);
    const html = await response.text();
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair = ""] = cookie.split(";");
      const [name = "", ...value] = pair.split("=");
      jar?.set(name, value.join("="));
    }
    const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
    return { formToken, setCookies };
  }

  function post(path: string, body: string, type: string, jar: Jar, ip: string) {
    return fetch(`${site.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": type,
        origin: site.url,
        "x-forwarded-for": ip,
        ...cookieHeader(jar),
      },
      body,
      redirect: "manual",
    });
  }

  const postJson = (path: string, value: object, jar: Jar, ip = nextIp()) =>
    post(path, JSON.stringify(value), "application/json", jar, ip);
  const postForm = (path: string, fields: Record<string, string>, jar: Jar, ip = nextIp()) =>
    post(
      path,
      new URLSearchParams(fields).toString(),
      "application/x-www-form-urlencoded",
      jar,
      ip,
    );

  const storedMessages = async () =>
    (await site.services.db.selectFrom("contact_messages").select("name").execute()).length;
  const storedSubscriptions = async () =>
    (await site.services.db.selectFrom("newsletter_subscriptions").select("email").execute())
      .length;

  it("drops a fast bot and keeps people's messages when the page comes from the cache", async () => {
    // A person opens /contact in a first tab: the page is rendered and kept by the cache.
    const person: Jar = new Map();
    const firstTab = await open("/contact", person);
    expect(person.get("form_shown")).toMatch(/^\d+\.[\w-]{43}$/);
    expect(firstTab.formToken).toMatch(/^\d+\.[\w-]{43}$/);

    // Time passes: the kept copy of /contact now shows a form rendered long enough ago.
    await new Promise((resolve) => setTimeout(resolve, contactMinimumFillMs + 300));

    // Bots fetch the page (getting the same old copy and its old token) and post at once.
    for (const withJavaScript of [true, false]) {
      const bot: Jar = new Map();
      const page = await open("/contact", bot);
      expect(page.formToken).toBe(firstTab.formToken);
      expect(bot.get("form_shown")).toBeDefined();
      const fields = { ...validMessage, website: "", formToken: page.formToken };
      const answer = withJavaScript
        ? await postJson("/api/contact", fields, bot)
        : await postForm("/contact", fields, bot);
      // Told it worked, like a person, and nothing kept.
      expect(answer.status).toBe(withJavaScript ? 201 : 200);
      const newsletterPage = await open("/blog", bot);
      const signUp = { email: "bot@example.com", website: "", formToken: newsletterPage.formToken };
      const subscribed = withJavaScript
        ? await postJson("/api/newsletter", signUp, bot)
        : await postForm("/newsletter", { ...signUp, returnTo: "/blog" }, bot);
      expect(subscribed.status).toBe(200);
    }
    expect(await storedMessages()).toBe(0);
    expect(await storedSubscriptions()).toBe(0);

    // The person opens a second tab: the first-fetch cookie is not replaced by a newer time.
    const secondTab = await open("/blog", person);
    expect(secondTab.setCookies).toEqual([]);
    // ...and sends the message from the first tab, with JavaScript and then without.
    const fields = { ...validMessage, website: "", formToken: firstTab.formToken };
    expect((await postJson("/api/contact", fields, person)).status).toBe(201);
    expect(await storedMessages()).toBe(1);
    const plain = await postForm("/contact", fields, person);
    expect(await plain.text()).toContain("Message sent");
    expect(await storedMessages()).toBe(2);
    // The footer's newsletter form of the first tab, sent after the second tab was opened.
    const signUp = { email: "dana@example.com", website: "", formToken: firstTab.formToken };
    expect((await postJson("/api/newsletter", signUp, person)).status).toBe(200);
    expect(await storedSubscriptions()).toBe(1);
  }, 20_000);

  it("keeps the message of a person whose browser keeps no cookies", async () => {
    const before = await storedMessages();
    const page = await open("/contact", undefined);
    // The kept copy was rendered by the test above, long enough ago.
    const fields = { ...validMessage, website: "", formToken: page.formToken };
    expect((await postJson("/api/contact", fields, undefined)).status).toBe(201);
    expect(await storedMessages()).toBe(before + 1);
  });
});
