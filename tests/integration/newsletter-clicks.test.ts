// Newsletter clicks against the real SMTP server and the site over HTTP: a copy's links go through
// /r/, a scanner that fetches them all within a second (a HEAD among them) counts no person, a
// browser's click seconds later counts one and lands with the issue as source and campaign, so
// the contact message it leads to names the newsletter in the inbox and Insights counts it all.
// An erased subscriber's links answer 404 and their clicks are gone.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInsights } from "~/features/insights/insights.server";
import { eraseSubscriber, exportSubscriber } from "~/features/newsletter/subscribers.server";
import { commandLineActor } from "~/platform/activity/activity.server";
import { createDayReader, subtractMonths } from "~/platform/visits/visit-days";
import { deleteVisitsBefore } from "~/platform/visits/visit-store.server";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite, waitForEmptyOutbox } from "../support/mail-site";
import {
  addConfirmedSubscribers,
  getRecipient,
  readMail,
  sendNewsletterAs,
  signIn,
  waitFor,
} from "../support/newsletter";
import { testAdmin } from "../support/test-site";

const browser =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
/** The hand-over delay here: short, so the scanner below is caught by its burst alone. */
const handoverMs = 500;

/** What every answer of the site carries, a link's redirect as well. */
const siteHeaders = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

type Answer = {
  status: number;
  location: string;
  body: string;
  headers: import("node:http").IncomingHttpHeaders;
};

/** One request as a client behind the site's loopback proxy sends it. */
function ask(url: string, method: string, ip: string, userAgent: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { "x-forwarded-for": ip, "user-agent": userAgent } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? "",
            body,
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe.each(getTestDatabaseKinds())("newsletter clicks on $name", (kind) => {
  let mailSite: MailSite;
  let cookie: string;

  beforeAll(async () => {
    mailSite = await startMailSite(
      await kind.create(),
      { MAIL_FROM: "news@clearline.example", NEWSLETTER_RATE: "100000" },
      {},
      { clicks: { timings: { handoverMs }, flushMs: 3_600_000 } },
    );
    cookie = await signIn(mailSite.site.url, testAdmin);
    await waitForEmptyOutbox(mailSite.site.services.db);
  });

  afterAll(async () => {
    await mailSite?.close();
  });

  it("counts a scanner's clicks as a machine's, a browser's 5 s later as a person's, and follows it to a contact message", async () => {
    const { site, smtp } = mailSite;
    const { db } = site.services;
    const origin = site.services.config.SITE_URL;
    /** An address of the site as the test reaches it (the copies name SITE_URL). */
    const reach = (url: string) => url.replace(origin, site.url);
    const [reader = ""] = await addConfirmedSubscribers(db, 1, "clicks");
    const { id, response } = await sendNewsletterAs(site.url, cookie, {
      subject: "November digest",
      bodyHtml:
        '<p>Read <a href="/about">about us</a>, <a href="/services?from=mail">our services</a> ' +
        'and <a href="https://partner.example/offer">our partner</a>.</p>',
    });
    expect(response.status).toBe(200);
    await waitFor(() => smtp.received.some((raw) => getRecipient(readMail(raw)) === reader));
    const mail = readMail(
      smtp.received.find((raw) => getRecipient(readMail(raw)) === reader) ?? "",
    );
    const links = [...new Set(mail.match(/http:\/\/[^\s"<>)]+\/r\/[A-Za-z0-9_-]{22}-\d+/g))];
    expect(links).toHaveLength(3);
    expect(mail).not.toContain("partner.example");
    expect(links.join(" ")).not.toMatch(/reader|example\.com|%40/);
    // The SMTP server can have the mail before the worker records the hand-over: wait for both.
    let handedOver = Number.NaN;
    await waitFor(async () => {
      const sent = await db
        .selectFrom("mail_outbox")
        .select("sent_at")
        .where("newsletter_id", "=", id)
        .executeTakeFirst();
      handedOver = Date.parse(sent?.sent_at ?? "");
      return !Number.isNaN(handedOver);
    });
    await waitFor(() => Date.now() > handedOver + handoverMs);

    // A mail scanner follows every link within a second, one of them with HEAD.
    const scanned = await Promise.all(
      links.map((link, index) =>
        ask(reach(link), index === 1 ? "HEAD" : "GET", "198.51.100.7", browser),
      ),
    );
    expect(scanned.map((answer) => answer.status)).toEqual([302, 302, 302]);
    expect(scanned[2]?.location).toBe("https://partner.example/offer");
    const services = new URL(scanned[1]?.location ?? "");
    expect(Object.fromEntries(services.searchParams)).toEqual({
      from: "mail",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: `newsletter-${id}`,
    });
    // Answered ahead of Express, with the headers every answer of the site carries.
    expect(scanned[1]?.headers).toMatchObject(siteHeaders);
    await site.app.clicks.flush();

    // The reader clicks the first link 5 s later, lands on the page and writes.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const readerIp = "203.0.113.80";
    const click = await ask(reach(links[0] ?? ""), "GET", readerIp, browser);
    expect(click.status).toBe(302);
    expect(click.location).toBe(
      `${origin}/about?utm_source=newsletter&utm_medium=email&utm_campaign=newsletter-${id}`,
    );
    await site.app.clicks.flush();
    const clicks = await db
      .selectFrom("newsletter_clicks")
      .select(["position", "machine_reason"])
      .where("newsletter_id", "=", id)
      .orderBy("id")
      .execute();
    expect(clicks.filter((row) => row.machine_reason === "")).toEqual([
      { position: 1, machine_reason: "" },
    ]);
    expect(clicks.filter((row) => row.machine_reason !== "")).toHaveLength(3);
    expect(clicks.find((row) => row.position === 2)?.machine_reason).toBe("head");

    expect((await ask(reach(click.location), "GET", readerIp, browser)).status).toBe(200);
    const contact = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: site.url,
        "x-forwarded-for": readerIp,
        "user-agent": browser,
      },
      body: JSON.stringify({
        name: "Ann Reader",
        email: "ann.reader@example.com",
        message: "Your digest made me curious about a network review.",
      }),
    });
    expect(contact.status).toBe(201);
    // Sent this fast after the page it is held as possible spam: the Spam folder shows it.
    const inbox = await fetch(`${site.url}/admin/leads?folder=spam`, { headers: { cookie } });
    const inboxHtml = await inbox.text();
    expect(inboxHtml).toContain(
      "Came from the newsletter &#x27;November digest&#x27; landing on /about, 1 page",
    );

    await site.app.visits.flush();
    const today = createDayReader()(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    const report = await readInsights(db, "7d", today);
    expect(report.tables.newsletters.rows).toEqual([
      expect.objectContaining({ label: "November digest", value: 1, figures: [1, 1, 3, 1, 0, 1] }),
    ]);
    expect(report.tables["newsletter-links"].title).toBe("Links in 'November digest'");
    expect(report.tables["newsletter-links"].rows.map((row) => [row.label, row.value])).toEqual([
      [`${origin.replace("http://", "")}/about`, 1],
      [`${origin.replace("http://", "")}/services?from=mail`, 0],
      ["partner.example/offer", 0],
    ]);
    const csv = await fetch(`${site.url}/admin/insights/export.csv?table=newsletters&period=7d`, {
      headers: { cookie },
    });
    expect((await csv.text()).split("\r\n").slice(0, 2)).toEqual([
      "Newsletter,Clicks by people,Copies sent,People who clicked,Machine clicks,Visits,Sign-ups,Contact messages",
      "November digest,1,1,1,3,1,0,1",
    ]);

    // Clicks go with the visit figures past the retention (25 months by default).
    const [, token = ""] = /\/r\/([\w-]{22})-/.exec(links[0] ?? "") ?? [];
    await db
      .insertInto("newsletter_clicks")
      .values({
        day: "2020-01-06",
        clicked_at: "2020-01-06T10:00:00.000Z",
        newsletter_id: id,
        position: 1,
        token,
        machine_reason: "",
      })
      .execute();
    await deleteVisitsBefore(db, subtractMonths(today, 25), today);
    const kept = await db
      .selectFrom("newsletter_clicks")
      .select("day")
      .where("newsletter_id", "=", id)
      .execute();
    expect(kept).toHaveLength(4);
    expect(kept.map((row) => row.day)).not.toContain("2020-01-06");

    // The subscriber's export holds their clicks; once erased, their links are refused.
    const subscriber = await db
      .selectFrom("newsletter_subscriptions")
      .select("id")
      .where("email", "=", reader)
      .executeTakeFirstOrThrow();
    const exported = await exportSubscriber(db, Number(subscriber.id));
    expect(exported?.clicks).toHaveLength(4);
    expect(exported?.clicks.filter((row) => row.countedAs === "person")).toEqual([
      expect.objectContaining({ newsletter: "November digest", link: `${origin}/about` }),
    ]);
    await eraseSubscriber(db, Number(subscriber.id), commandLineActor);
    const refused = await ask(reach(links[0] ?? ""), "GET", readerIp, browser);
    expect(refused.status).toBe(404);
    expect(refused.body).toContain("This link is no longer valid.");
    // A path with an encoded letter goes through Express's stage: the same answer and headers.
    const refusedPath = new URL(reach(links[0] ?? "")).pathname;
    const encoded = await ask(
      `${site.url}/r/%${refusedPath.charCodeAt(3).toString(16)}${refusedPath.slice(4)}`,
      "GET",
      readerIp,
      browser,
    );
    for (const answer of [refused, encoded]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(refused.body);
      expect(answer.headers).toMatchObject({
        ...siteHeaders,
        "content-type": refused.headers["content-type"],
      });
    }
    await site.app.clicks.flush();
    expect(
      await db
        .selectFrom("newsletter_clicks")
        .select("id")
        .where("newsletter_id", "=", id)
        .execute(),
    ).toEqual([]);
    // Made-up and malformed tokens: 404, a broken address 400 (as anywhere), never a 500.
    const hostile: [string, number][] = [
      ["/r/AAAAAAAAAAAAAAAAAAAAAA-1", 404],
      ["/r/x", 404],
      [`/r/${"a".repeat(5000)}`, 404],
      ["/r/%E0%A4%A-1", 400],
    ];
    for (const [path, status] of hostile) {
      expect((await ask(`${site.url}${path}`, "GET", readerIp, browser)).status, path).toBe(status);
    }
  }, 60_000);
});
