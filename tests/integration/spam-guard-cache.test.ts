// The spam guard with cached pages (issues 8 and 15, docs/decisions/004): the copy of /contact
// everyone gets carries the time it was rendered, which may be long ago, so the time this browser
// fetched a page travels in a cookie, and for a client that keeps no cookies the server remembers
// its network's latest page fetch. A bot that fetches and posts at once never reaches the inbox
// (it is held apart as possible spam, without a notification mail); a person with two tabs, a
// page rendered long before, or no cookies at all, loses nothing. With several worker processes,
// a post that reaches another worker than the fetch before it is judged the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMinimumFillMs } from "~/features/leads/spam/spam.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import {
  requestOnNewConnection,
  type SiteProcess,
  startSiteProcess,
} from "../support/site-process";
import { startTestSite, type TestSite } from "../support/test-site";

const person = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "",
  company: "",
  message: "We would like a quote for moving our file server to the cloud.",
};
const bot = { ...person, name: "Quick Poster", email: "offers@example.com" };
const contactSuccess = "Thank you for contacting us. We'll be in touch soon!";

/** A browser's cookie jar, or none for a client that keeps no cookies. */
type Jar = Map<string, string> | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(getTestDatabaseKinds())("spam guard with cached pages on $name", (kind) => {
  let site: TestSite;
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    // Mail set up, so that "no notification" means something: a message's mail is queued in the
    // same transaction that stores it.
    site = await startTestSite(await kind.create(), {
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "website@clearline.example",
      NOTIFY_TO: "owner@clearline.example",
    });
  });

  afterAll(async () => {
    await site?.close();
  });

  function requestHeaders(jar: Jar, ip: string): Record<string, string> {
    const headers: Record<string, string> = { "x-forwarded-for": ip };
    if (jar && jar.size > 0) {
      headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    return headers;
  }

  /** GETs a page as a browser would; returns the form token it shows and any cookie it set. */
  async function open(path: string, jar: Jar, ip: string) {
    const response = await fetch(`${site.url}${path}`, { headers: requestHeaders(jar, ip) });
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
      headers: { "content-type": type, origin: site.url, ...requestHeaders(jar, ip) },
      body,
      redirect: "manual",
    });
  }

  const postJson = (path: string, value: object, jar: Jar, ip: string) =>
    post(path, JSON.stringify(value), "application/json", jar, ip);
  const postForm = (path: string, fields: Record<string, string>, jar: Jar, ip: string) =>
    post(
      path,
      new URLSearchParams(fields).toString(),
      "application/x-www-form-urlencoded",
      jar,
      ip,
    );

  /** Sends the contact form with or without JavaScript; asserts the answer a person gets. */
  async function sendContact(fields: Record<string, string>, jar: Jar, ip: string, js: boolean) {
    if (js) {
      const answer = await postJson("/api/contact", fields, jar, ip);
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ message: contactSuccess });
    } else {
      const answer = await postForm("/contact", fields, jar, ip);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("Message sent");
    }
  }

  async function sendSignUp(fields: Record<string, string>, jar: Jar, ip: string, js: boolean) {
    const answer = js
      ? await postJson("/api/newsletter", fields, jar, ip)
      : await postForm("/newsletter", { ...fields, returnTo: "/blog" }, jar, ip);
    expect(answer.status).toBe(200);
    if (js)
      // The same answer as a person's: mail is set up, so it asks to confirm by email.
      expect(await answer.json()).toEqual({
        message: "Thanks for subscribing to our newsletter!",
        detail:
          "Please check your inbox: click the link in the email we just sent to confirm your subscription.",
      });
  }

  /** The inbox and the held messages, each with whether a notification mail was queued. */
  async function readMessages() {
    const rows = await site.services.db
      .selectFrom("contact_messages")
      .leftJoin("mail_outbox", "mail_outbox.contact_message_id", "contact_messages.id")
      .select([
        "contact_messages.name",
        "contact_messages.spam_verdict",
        "mail_outbox.id as mail_id",
      ])
      .orderBy("contact_messages.id")
      .execute();
    const summarize = (row: (typeof rows)[number]) => ({
      name: row.name,
      mailed: row.mail_id !== null,
    });
    return {
      inbox: rows.filter((row) => row.spam_verdict === null).map(summarize),
      held: rows
        .filter((row) => row.spam_verdict !== null)
        .map((row) => ({ ...summarize(row), verdict: row.spam_verdict })),
    };
  }

  async function readSignUps() {
    const rows = await site.services.db
      .selectFrom("newsletter_subscriptions")
      .select(["email", "spam_verdict"])
      .orderBy("id")
      .execute();
    return {
      subscribers: rows.filter((row) => row.spam_verdict === null).map((row) => row.email),
      held: rows.filter((row) => row.spam_verdict !== null),
    };
  }

  async function clearLeads() {
    await site.services.db.deleteFrom("mail_outbox").execute();
    await site.services.db.deleteFrom("contact_messages").execute();
    await site.services.db.deleteFrom("newsletter_subscriptions").execute();
  }

  it("holds a bot that keeps its cookies and posts at once, and keeps people's messages, when the page comes from the cache", async () => {
    // A person opens /contact in a first tab: the page is rendered and kept by the cache.
    const personIp = nextIp();
    const browser: Jar = new Map();
    const firstTab = await open("/contact", browser, personIp);
    expect(browser.get("form_shown")).toMatch(/^\d+\.[\w-]{43}$/);
    expect(firstTab.formToken).toMatch(/^\d+\.[\w-]{43}$/);

    // Time passes: the kept copy of /contact now shows a form rendered long enough ago.
    await sleep(contactMinimumFillMs + 300);

    // Bots that keep cookies fetch the page (the same old copy and its old token) and post at once.
    for (const js of [true, false]) {
      const jar: Jar = new Map();
      const botIp = nextIp();
      const page = await open("/contact", jar, botIp);
      expect(page.formToken).toBe(firstTab.formToken);
      expect(jar.get("form_shown")).toBeDefined();
      await sendContact({ ...bot, website: "", formToken: page.formToken }, jar, botIp, js);
      const blog = await open("/blog", jar, botIp);
      await sendSignUp({ email: "offers@example.com", formToken: blog.formToken }, jar, botIp, js);
    }
    expect(await readMessages()).toEqual({
      inbox: [],
      held: [
        { name: bot.name, mailed: false, verdict: "too-fast" },
        { name: bot.name, mailed: false, verdict: "too-fast" },
      ],
    });
    expect(await readSignUps()).toEqual({
      subscribers: [],
      held: [{ email: "offers@example.com", spam_verdict: "too-fast" }],
    });

    // The person opens a second tab: the first-fetch cookie is not replaced by a newer time.
    const secondTab = await open("/blog", browser, personIp);
    expect(secondTab.setCookies).toEqual([]);
    // ...and sends the message from the first tab, with JavaScript and then without: the fetch of
    // the second tab does not count against a browser that has the cookie.
    const fields = { ...person, website: "", formToken: firstTab.formToken };
    await sendContact(fields, browser, personIp, true);
    await sendContact({ ...fields, message: `${person.message} Twice.` }, browser, personIp, false);
    // The footer's newsletter form of the first tab, sent after the second tab was opened.
    await sendSignUp(
      { email: "dana@example.com", formToken: firstTab.formToken },
      browser,
      personIp,
      true,
    );
    const { inbox } = await readMessages();
    expect(inbox).toEqual([
      { name: person.name, mailed: true },
      { name: person.name, mailed: true },
    ]);
    expect((await readSignUps()).subscribers).toEqual(["dana@example.com"]);
  }, 20_000);

  it("holds the cookieless bot that posts the cached form at once: same answer, not in the inbox, no mail", async () => {
    await clearLeads();
    for (const js of [true, false]) {
      // /contact comes from the cache (the test above kept it), its token long past the minimum.
      const ip = nextIp();
      const page = await open("/contact", undefined, ip);
      await sendContact({ ...bot, website: "", formToken: page.formToken }, undefined, ip, js);
    }
    // A page the cache renders for this very fetch (a miss) counts as much as a hit: its fresh
    // token would give the bot away, so it sends none, as the spec's payload allows.
    const signUpIp = nextIp();
    await open("/about", undefined, signUpIp);
    await sendSignUp({ email: "list@example.com" }, undefined, signUpIp, true);
    // Hopping to another address of the same IPv6 /64 between fetch and post changes nothing.
    await open("/contact", undefined, "2001:db8:15:1::10");
    await sendContact({ ...bot, name: "Hopping Poster" }, undefined, "2001:db8:15:1::20", true);

    expect(await readMessages()).toEqual({
      inbox: [],
      held: [
        { name: bot.name, mailed: false, verdict: "fast-after-fetch" },
        { name: bot.name, mailed: false, verdict: "fast-after-fetch" },
        { name: "Hopping Poster", mailed: false, verdict: "fast-after-fetch" },
      ],
    });
    expect(await readSignUps()).toEqual({
      subscribers: [],
      held: [{ email: "list@example.com", spam_verdict: "fast-after-fetch" }],
    });
  });

  it("delivers the message of a person whose browser keeps no cookies, and of an API client that fetched no page", async () => {
    await clearLeads();
    const ip = nextIp();
    const page = await open("/contact", undefined, ip);
    // Typing takes a person longer than the minimum fill time.
    await sleep(contactMinimumFillMs + 100);
    const fields = { ...person, website: "", formToken: page.formToken };
    await sendContact(fields, undefined, ip, true);
    await sendContact(
      { ...fields, message: `${person.message} Plain form.` },
      undefined,
      ip,
      false,
    );
    await sendSignUp(
      { email: "dana@example.com", formToken: page.formToken },
      undefined,
      ip,
      false,
    );
    // The spec's JSON API from a program on a network that fetched no page: no token, no cookie.
    await sendContact({ ...person, name: "Api Client" }, undefined, nextIp(), true);

    expect(await readMessages()).toEqual({
      inbox: [
        { name: person.name, mailed: true },
        { name: person.name, mailed: true },
        { name: "Api Client", mailed: true },
      ],
      held: [],
    });
    expect(await readSignUps()).toEqual({ subscribers: ["dana@example.com"], held: [] });
  }, 10_000);

  it("makes a held sign-up a subscription when the address signs up again unsuspected, and never demotes a subscriber", async () => {
    await clearLeads();
    const ip = nextIp();
    await open("/blog", undefined, ip);
    await sendSignUp({ email: "late@example.com" }, undefined, ip, true);
    expect((await readSignUps()).held).toHaveLength(1);
    // The same address from a browser with a cookie it got long ago: a person.
    const browser: Jar = new Map();
    await open("/blog", browser, nextIp());
    await sleep(2100);
    await sendSignUp({ email: "late@example.com" }, browser, ip, true);
    expect(await readSignUps()).toEqual({ subscribers: ["late@example.com"], held: [] });
    // A suspect sign-up for an address already subscribed leaves it subscribed.
    await open("/blog", undefined, ip);
    await sendSignUp({ email: "late@example.com" }, undefined, ip, true);
    expect(await readSignUps()).toEqual({ subscribers: ["late@example.com"], held: [] });
  }, 10_000);
});

describe.each(getTestDatabaseKinds())("spam guard with two worker processes on $name", (kind) => {
  let database: TestDatabase;
  let site: SiteProcess;
  let db: Db;

  beforeAll(async () => {
    database = await kind.create();
    site = await startSiteProcess({
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "info",
    });
    db = await openDatabase(database.url);
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await site?.stop();
    await database?.drop();
  });

  /** Which worker answered each logged request for this path, in order. */
  function answeringWorkers(method: string, url: string): number[] {
    return site
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map(
        (line) =>
          JSON.parse(line) as { msg?: string; method?: string; url?: string; worker?: number },
      )
      .filter((line) => line.msg === "request" && line.method === method && line.url === url)
      .map((line) => line.worker ?? 0);
  }

  const postContact = (fields: object, ip: string) =>
    requestOnNewConnection(`${site.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url, "x-forwarded-for": ip },
      body: JSON.stringify(fields),
    });

  it("holds a cookieless bot whose fetch and post reach different workers, and still delivers an API client's message", async () => {
    for (let round = 1; round <= 4; round++) {
      const ip = `192.0.2.${round}`;
      const page = await requestOnNewConnection(`${site.url}/contact`, {
        headers: { "x-forwarded-for": ip },
      });
      expect(page.status).toBe(200);
      // No token: a fresh render's would give the bot away on its own, and the spec's JSON
      // payload has none; only the fetch the other worker saw can tell.
      const answer = await postContact({ ...bot, name: `Bot ${round}` }, ip);
      expect(answer.status).toBe(201);
    }
    // The spec's JSON API from a network that fetched no page, on either worker.
    for (let round = 1; round <= 2; round++) {
      const answer = await postContact(
        { ...person, name: `Client ${round}` },
        `192.0.2.${round + 10}`,
      );
      expect(answer.status).toBe(201);
    }

    // Both workers answered, and at least one post reached another worker than its fetch.
    const fetches = answeringWorkers("GET", "/contact");
    const posts = answeringWorkers("POST", "/api/contact").slice(0, 4);
    expect(new Set([...fetches, ...posts])).toEqual(new Set([1, 2]));
    expect(posts.some((worker, index) => worker !== fetches[index])).toBe(true);

    const rows = await db
      .selectFrom("contact_messages")
      .select(["name", "spam_verdict"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { name: "Bot 1", spam_verdict: "fast-after-fetch" },
      { name: "Bot 2", spam_verdict: "fast-after-fetch" },
      { name: "Bot 3", spam_verdict: "fast-after-fetch" },
      { name: "Bot 4", spam_verdict: "fast-after-fetch" },
      { name: "Client 1", spam_verdict: null },
      { name: "Client 2", spam_verdict: null },
    ]);
  }, 30_000);
});
