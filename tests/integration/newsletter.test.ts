// The newsletter against a real SMTP server: double opt-in (one confirmation per sign-up, the link
// confirms, nothing else before), sending to every confirmed subscriber exactly once with a
// working RFC 8058 one-click unsubscribe, the mail server down for a while, and the subscriber's
// data export and erasure. A copy comes from the firm by name with replies to its contact address,
// and an article with two photos stays within a mailbox's budget (JPEG copies at most 1200 px).
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailImageWidth } from "~/capabilities/rich-text/responsive-html";
import { removeExpiredSignUps } from "~/features/newsletter/subscribers.server";
import { getTestDatabaseKinds } from "../support/databases";
import {
  clearNewsletters,
  type MailSite,
  startMailSite,
  waitForEmptyOutbox,
} from "../support/mail-site";
import {
  addConfirmedSubscribers,
  createDraft,
  getMailHeader,
  getRecipient,
  postForm,
  readMail,
  sendNewsletterAs,
  signIn,
  waitFor,
} from "../support/newsletter";
import { uploadPhoto } from "../support/photo-uploads";
import type { TestSmtpServer } from "../support/smtp";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const postalAddress = "500 W 2nd Street, Suite 1900, Austin, TX 78701";

let lastIp = 0;
function nextIp(): string {
  lastIp++;
  return `203.0.113.${(lastIp % 250) + 1}`;
}

describe.each(getTestDatabaseKinds())("the newsletter on $name", (kind) => {
  let mailSite: MailSite;
  let smtp: TestSmtpServer;
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    mailSite = await startMailSite(
      await kind.create(),
      { MAIL_FROM: "news@clearline.example", NEWSLETTER_RATE: "100000" },
      { retryDelaysMs: [300] },
    );
    ({ site, smtp } = mailSite);
    cookie = await signIn(site.url, testAdmin);
    // Signing in mails a new-browser notice: out of the way before any test counts mail.
    await waitForEmptyOutbox(site.services.db);
    smtp.received.length = 0;
  });

  afterEach(async () => {
    smtp.setRefusing(false);
    await clearNewsletters(site.services.db, smtp);
  });

  afterAll(async () => {
    await mailSite?.close();
  });

  const signUp = (email: string, ip = nextIp()) =>
    fetch(`${site.url}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url, "x-forwarded-for": ip },
      body: JSON.stringify({ email }),
    });

  const mailsTo = (email: string) =>
    smtp.received.map(readMail).filter((mail) => getRecipient(mail) === email);

  const subscription = (email: string) =>
    site.services.db
      .selectFrom("newsletter_subscriptions")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();

  /**
   * A mail provider's one-click POST: no cookie, no Origin. Like a provider, it tries again after
   * a 503's Retry-After (a busy test machine can make the site shed a request; nothing is lost).
   */
  async function postOneClick(url: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      if (answer.status !== 503 || attempt === 3) return answer;
      const wait = Math.min(Number(answer.headers.get("retry-after") ?? 1), 2);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }

  /** Every mail queued so far is out: a request queues its mail before it answers. */
  const settle = () => waitForEmptyOutbox(site.services.db);

  it("sends one confirmation per sign-up (none for a repeat within the hour); its link confirms", async () => {
    const email = "ann@example.com";
    const first = await signUp(email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      message: "Thanks for subscribing to our newsletter!",
      detail:
        "Please check your inbox: click the link in the email we just sent to confirm your subscription.",
    });
    await waitFor(() => mailsTo(email).length === 1);
    expect((await subscription(email))?.state).toBe("pending");

    // Signing up again (another network, even) within the hour sends nothing more.
    expect((await signUp(email)).status).toBe(200);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);

    const mail = mailsTo(email)[0] ?? "";
    expect(getMailHeader(mail, "Subject")).toBe(
      "Please confirm your subscription to the Clearline IT Consulting newsletter",
    );
    // The link names SITE_URL; the test site listens elsewhere.
    const path = /https?:\/\/[^/\s]+(\/newsletter\/confirm\?token=[\w-]{32})/.exec(mail)?.[1];
    const link = path ? `${site.url}${path}` : undefined;
    expect(link).toBeTruthy();
    // Opening the link asks for the click; a mail scanner that only opens it confirms nothing.
    const page = await fetch(link ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm that <strong");
    expect((await subscription(email))?.state).toBe("pending");

    const token = new URL(link ?? "").searchParams.get("token") ?? "";
    const confirmed = await fetch(link ?? "", {
      method: "POST",
      headers: { origin: site.url },
      body: new URLSearchParams({ token }),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You&#x27;re subscribed");
    expect((await subscription(email))?.state).toBe("confirmed");

    // A confirmed address signing up again is sent nothing and stays confirmed.
    expect((await signUp(email)).status).toBe(200);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    expect((await subscription(email))?.state).toBe("confirmed");
  });

  it("refuses a made-up or expired confirmation link with a 404 page, and removes sign-ups never confirmed after 7 days", async () => {
    const made = await fetch(`${site.url}/newsletter/confirm?token=${"x".repeat(32)}`);
    expect(made.status).toBe(404);
    expect(await made.text()).toContain("This confirmation link is not valid");

    await signUp("late@example.com");
    await waitFor(() => mailsTo("late@example.com").length === 1);
    const link = /confirm\?token=([\w-]{32})/.exec(mailsTo("late@example.com")[0] ?? "")?.[1];
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60_000);
    expect(await removeExpiredSignUps(site.services.db, eightDaysOn)).toBe(1);
    expect(await subscription("late@example.com")).toBeUndefined();
    const expired = await fetch(`${site.url}/newsletter/confirm?token=${link}`);
    expect(expired.status).toBe(404);
  });

  it("sends a newsletter only to confirmed subscribers, with a text part, the postal address and the one-click headers", async () => {
    const [reader] = await addConfirmedSubscribers(site.services.db, 1, "only");
    await signUp("pending@example.com");
    await waitFor(() => mailsTo("pending@example.com").length === 1);

    const { response } = await sendNewsletterAs(site.url, cookie, {
      subject: "Spring security checklist",
      bodyHtml: '<p>Five things to check. <a href="/blog">More on our blog</a>.</p>',
    });
    expect(response.status).toBe(200);
    await waitFor(() => mailsTo(reader ?? "").length === 1);
    await settle();
    // The pending address got its confirmation and nothing else.
    expect(mailsTo("pending@example.com")).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);

    const mail = mailsTo(reader ?? "")[0] ?? "";
    expect(getMailHeader(mail, "Subject")).toBe("Spring security checklist");
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    // The links go through the copy's own /r/ address (the footer's stay as they are).
    expect(mail).toMatch(/More on our blog \(https?:\/\/[^/\s]+\/r\/[\w-]{22}-1\)/);
    expect(mail).toContain(postalAddress);
    expect(getMailHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(getMailHeader(mail, "List-Unsubscribe")).toMatch(
      /^<https?:\/\/[^/\s]+\/unsubscribe\?token=[\w-]{32}>$/,
    );
  });

  it("sends a copy from the firm by name, replies to its contact address, within 400 KB with two photos, tables aligned in its text", async () => {
    const [reader] = await addConfirmedSubscribers(site.services.db, 1, "photos");
    const admin = { url: site.url, cookie };
    const first = await uploadPhoto(admin, 2000, 1500, "office.jpg");
    const second = await uploadPhoto(admin, 2000, 1500, "team.jpg");
    const { response } = await sendNewsletterAs(site.url, cookie, {
      subject: "Our new office",
      bodyHtml:
        `<p>We moved.</p><figure data-size="full"><img src="${first}" alt="The office"></figure>` +
        `<p>And the team:</p><figure data-size="full"><img src="${second}" alt="The team"></figure>` +
        "<table><tr><th>Day</th><th>Opening hours</th></tr><tr><td>Monday to Friday</td><td>8 to 18</td></tr></table>",
    });
    expect(response.status).toBe(200);
    await waitFor(() => mailsTo(reader ?? "").length === 1);
    const raw = smtp.received.find((received) => getRecipient(readMail(received)) === reader) ?? "";
    const mail = readMail(raw);

    expect(getMailHeader(mail, "From")).toBe("Clearline IT Consulting <news@clearline.example>");
    expect(getMailHeader(mail, "Reply-To")).toBe("hello@clearlineit.com");
    expect(mail.replaceAll("\r\n", "\n")).toContain(
      [
        "Day               Opening hours",
        "----------------  -------------",
        "Monday to Friday  8 to 18",
      ].join("\n"),
    );

    // The copy and every image it loads: what one subscriber's mailbox and connection take.
    const sources = [...mail.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map(
      (match) => match[1] ?? "",
    );
    expect(sources).toHaveLength(2);
    let total = Buffer.byteLength(raw);
    for (const source of sources) {
      expect(source).toMatch(/^https?:\/\/[^/]+\/images\/uploads\/[0-9a-f]{32}\.w\d+\.jpg$/);
      const image = await fetch(source.replace(/^https?:\/\/[^/]+/, site.url));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await image.arrayBuffer());
      const { width, format } = await sharp(bytes).metadata();
      expect(format).toBe("jpeg");
      expect(width).toBeLessThanOrEqual(mailImageWidth);
      total += bytes.length;
    }
    expect(total).toBeLessThanOrEqual(400 * 1024);
  }, 60_000);

  it("sends 200 subscribers exactly 200 messages; each one-click unsubscribe works without a cookie, and the next newsletter skips them", async () => {
    const readers = await addConfirmedSubscribers(site.services.db, 200, "many");
    const { id, response } = await sendNewsletterAs(site.url, cookie, {
      subject: "Our 200 readers",
      bodyHtml: "<p>Thank you for reading.</p>",
    });
    expect(response.status).toBe(200);
    await waitFor(() => smtp.received.length === 200, 60_000);
    await settle();
    const mails = smtp.received.map(readMail);
    expect(mails).toHaveLength(200);
    expect(new Set(mails.map(getRecipient))).toEqual(new Set(readers));

    // A mail client's one-click unsubscribe: a POST to the header's address, no cookie, no Origin.
    for (const mail of mails) {
      const url = /^<https?:\/\/[^/]+(.+)>$/.exec(
        getMailHeader(mail, "List-Unsubscribe") ?? "",
      )?.[1];
      expect(url).toBeTruthy();
      const answer = await postOneClick(`${site.url}${url}`);
      expect(answer.status).toBe(200);
    }
    const left = await site.services.db
      .selectFrom("newsletter_subscriptions")
      .select("email")
      .execute();
    expect(left).toEqual([]);

    // The admin sees the results: 200 sent, all 200 unsubscribed since.
    const screen = await fetch(`${site.url}/admin/newsletter/${id}`, { headers: { cookie } });
    const html = await screen.text();
    expect(html).toContain("200 of 200 copies sent");
    expect(html).toMatch(/Unsubscribed since<\/dt><dd[^>]*>200</);

    const [newcomer] = await addConfirmedSubscribers(site.services.db, 1, "next");
    smtp.received.length = 0;
    await sendNewsletterAs(site.url, cookie, {
      subject: "The next one",
      bodyHtml: "<p>Only for who is still here.</p>",
    });
    await waitFor(() => smtp.received.length === 1);
    await settle();
    expect(smtp.received.map(readMail).map(getRecipient)).toEqual([newcomer]);
  }, 120_000);

  it("while the mail server is down, delays the copies and then delivers each exactly once", async () => {
    const readers = await addConfirmedSubscribers(site.services.db, 20, "down");
    smtp.setRefusing(true);
    await sendNewsletterAs(site.url, cookie, {
      subject: "Sent through an outage",
      bodyHtml: "<p>Patience.</p>",
    });
    await waitFor(async () => {
      const tried = await site.services.db
        .selectFrom("mail_outbox")
        .select("attempts")
        .where("newsletter_id", "is not", null)
        .execute();
      return tried.length === 20 && tried.every((row) => Number(row.attempts) >= 2);
    });
    expect(smtp.received).toHaveLength(0);
    smtp.setRefusing(false);
    await waitFor(() => smtp.received.length === 20);
    await settle();
    const recipients = smtp.received.map(readMail).map(getRecipient);
    expect(recipients.sort()).toEqual([...readers].sort());
  });

  it("refuses bad drafts and foreign posts without sending or changing anything", async () => {
    await addConfirmedSubscribers(site.services.db, 1, "bad");
    const id = await createDraft(site.url, cookie);
    const empty = await postForm(site.url, `/admin/newsletter/${id}`, cookie, {
      intent: "send",
      subject: "",
      bodyHtml: "<p></p>",
    });
    expect(empty.status).toBe(400);
    const page = await empty.text();
    expect(page).toContain("Subject is required");
    const foreign = await postForm(
      site.url,
      `/admin/newsletter/${id}`,
      cookie,
      { intent: "send", subject: "Hi", bodyHtml: "<p>Hello</p>" },
      "https://evil.example",
    );
    // The cross-site guard refuses a form post from another origin before any action runs.
    expect(foreign.status).toBe(403);
    const unknown = await postForm(site.url, `/admin/newsletter/${id}`, cookie, {
      intent: "explode",
    });
    expect(unknown.status).toBe(400);
    const missing = await fetch(`${site.url}/admin/newsletter/999999`, { headers: { cookie } });
    expect(missing.status).toBe(404);
    await settle();
    expect(smtp.received).toHaveLength(0);
    const [draft] = await site.services.db.selectFrom("newsletters").selectAll().execute();
    expect(draft).toMatchObject({ status: "draft", subject: "" });

    // Sent once; a second send (a double click, another admin) is refused and sends nothing more.
    const first = await postForm(site.url, `/admin/newsletter/${id}`, cookie, {
      intent: "send",
      subject: "Once",
      bodyHtml: "<p>Only once.</p>",
    });
    expect(first.status).toBe(200);
    const again = await postForm(site.url, `/admin/newsletter/${id}`, cookie, {
      intent: "send",
      subject: "Once",
      bodyHtml: "<p>Only once.</p>",
    });
    expect(again.status).toBe(409);
    await waitFor(() => smtp.received.length === 1);
    await settle();
    expect(smtp.received).toHaveLength(1);
  });

  it("exports a subscriber's data as JSON and erases them, logging that it happened but not who", async () => {
    await signUp("erase-me@example.com");
    await waitFor(() => mailsTo("erase-me@example.com").length === 1);
    const row = await subscription("erase-me@example.com");
    const exported = await fetch(`${site.url}/admin/newsletter/subscribers/${row?.id}/data.json`, {
      headers: { cookie },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    const data = await exported.json();
    expect(data.subscription).toMatchObject({ email: "erase-me@example.com", state: "pending" });
    expect(data.emails).toHaveLength(1);

    const erased = await postForm(site.url, "/admin/newsletter", cookie, {
      intent: "erase",
      subscriberId: String(row?.id),
    });
    expect(erased.status).toBe(200);
    expect(await subscription("erase-me@example.com")).toBeUndefined();
    const mails = await site.services.db
      .selectFrom("mail_outbox")
      .select("recipient")
      .where("recipient", "=", "erase-me@example.com")
      .execute();
    expect(mails).toEqual([]);
    const log = await site.services.db
      .selectFrom("admin_activity")
      .select(["action", "target", "detail"])
      .orderBy("id", "desc")
      .limit(3)
      .execute();
    expect(JSON.stringify(log)).not.toContain("erase-me");
    expect(log[0]).toMatchObject({ action: "delete", target: "a subscriber" });

    const gone = await fetch(`${site.url}/admin/newsletter/subscribers/${row?.id}/data.json`, {
      headers: { cookie },
    });
    expect(gone.status).toBe(404);
  });
});

describe("the newsletter without mail set up", () => {
  let site: TestSite;

  beforeAll(async () => {
    const [sqlite] = getTestDatabaseKinds();
    if (!sqlite) throw new Error("no test database");
    site = await startTestSite(await sqlite.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  it("keeps sign-ups unconfirmed, and the admin says why and whom to ask", async () => {
    const response = await fetch(`${site.url}/api/newsletter`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: site.url,
        "x-forwarded-for": nextIp(),
      },
      body: JSON.stringify({ email: "nomail@example.com" }),
    });
    expect(await response.json()).toEqual({ message: "Thanks for subscribing to our newsletter!" });
    const row = await site.services.db
      .selectFrom("newsletter_subscriptions")
      .select("state")
      .executeTakeFirst();
    expect(row?.state).toBe("unconfirmed");
    const cookie = await signIn(site.url, testAdmin);
    const screen = await (
      await fetch(`${site.url}/admin/newsletter`, { headers: { cookie } })
    ).text();
    expect(screen).toContain("Email is not set up on this server yet.");
    expect(screen).toContain("Unconfirmed");
  });
});
