import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueFormToken } from "~/platform/form-cookie.server";
import { logInCookie, postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite, waitForEmptyOutbox } from "../support/mail-site";
import { waitFor } from "../support/newsletter";
import type { TestSmtpServer } from "../support/smtp";
import type { TestSite } from "../support/test-site";

const notifyTo = "owner@clearline.example";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(getTestDatabaseKinds())("the leads inbox on $name", (kind) => {
  let mailSite: MailSite;
  let smtp: TestSmtpServer;
  let site: TestSite;
  let cookie: string;
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    mailSite = await startMailSite(await kind.create(), {
      MAIL_FROM: "website@clearline.example",
      NOTIFY_TO: notifyTo,
    });
    ({ site, smtp } = mailSite);
    cookie = await logInCookie(site);
  });

  afterAll(async () => {
    await mailSite?.close();
  });

  const db = () => site.services.db;

  async function clear() {
    await db().deleteFrom("mail_tests").execute();
    await db().deleteFrom("mail_outbox").execute();
    await db().deleteFrom("contact_messages").execute();
    await db().deleteFrom("admin_activity").execute();
    await db().deleteFrom("rate_limits").execute();
    smtp.received.length = 0;
  }

  /** Sends a message as a visitor; held as spam when `held` (posted right after the form showed). */
  async function send(
    fields: { name: string; email?: string; company?: string; message?: string },
    held = false,
  ) {
    const body = {
      email: "ann@example.com",
      message: "Please call me about our office network.",
      ...fields,
      ...(held ? { formToken: await issueFormToken(db()) } : {}),
    };
    const response = await postJsonAs(site, "/api/contact", body, {
      headers: { "x-forwarded-for": nextIp() },
    });
    expect(response.status).toBe(201);
    const row = await db()
      .selectFrom("contact_messages")
      .select(["id", "state"])
      .where("name", "=", fields.name)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const page = async (query = "") => {
    const response = await fetch(`${site.url}/admin/leads${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };

  function post(fields: Record<string, string | number>, origin = site.url) {
    return fetch(`${site.url}/admin/leads`, {
      method: "POST",
      headers: {
        cookie,
        origin,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "192.0.2.7",
      },
      body: new URLSearchParams(
        Object.entries(fields).map(([key, value]) => [key, String(value)]),
      ).toString(),
    });
  }

  const stateOf = async (id: number) =>
    (
      await db()
        .selectFrom("contact_messages")
        .select("state")
        .where("id", "=", id)
        .executeTakeFirst()
    )?.state;
  const mailsOf = (id: number) =>
    db().selectFrom("mail_outbox").selectAll().where("contact_message_id", "=", id).execute();
  const activity = () => db().selectFrom("admin_activity").selectAll().orderBy("id").execute();

  it("moves messages between New, Handled and Spam, counts each folder and the menu's new messages, and logs each move without contents", async () => {
    await clear();
    const first = await send({ name: "Ann Lee" });
    await send({ name: "Bob Stone" });
    let html = await page();
    expect(html).toContain("Ann Lee");
    expect(html).toContain("Bob Stone");
    expect(html).toContain("(2 new messages)");

    const handled = await post({ intent: "handled", id: first });
    expect(handled.status).toBe(200);
    expect(await handled.text()).toContain("Marked the message from Ann Lee as handled.");
    expect(await stateOf(first)).toBe("handled");
    html = await page();
    expect(html).not.toContain("Ann Lee");
    expect(html).toContain("(1 new message)");
    expect(await page("?folder=handled")).toContain("Ann Lee");

    expect((await post({ intent: "spam", id: first })).status).toBe(200);
    expect(await stateOf(first)).toBe("spam");
    const spam = await page("?folder=spam");
    expect(spam).toContain("Ann Lee");
    expect(spam).toContain("Moved to Spam by an admin");
    expect(await page("?folder=all")).not.toContain("Ann Lee");
    expect((await post({ intent: "new", id: first })).status).toBe(200);
    expect(await stateOf(first)).toBe("new");
    expect(await page()).toContain("(2 new messages)");

    const entries = await activity();
    expect(entries.map((entry) => entry.action)).toEqual([
      "message-handled",
      "message-spam",
      "message-not-spam",
    ]);
    for (const entry of entries) {
      expect(entry.target).toBe(`contact message ${first}`);
      expect(JSON.stringify(entry)).not.toMatch(/Ann|ann@|network/);
    }
  });

  it("searches name, email, company and text, ignoring case and accents, within the folder", async () => {
    await clear();
    await send({
      name: "Zoë Müller",
      email: "zoe@muller.example",
      message: "Our backups fail every night.",
    });
    await send({ name: "Carl Park", company: "ACME Dental", message: "We need new laptops soon." });
    await send({ name: "Dana Fox", message: "Pricing for 50% of our staff, please." });
    const names = (html: string) =>
      ["Zoë Müller", "Carl Park", "Dana Fox"].filter((name) => html.includes(name));
    expect(names(await page("?q=zoe+muller"))).toEqual(["Zoë Müller"]);
    expect(names(await page("?q=M%C3%9CLLER"))).toEqual(["Zoë Müller"]);
    expect(names(await page("?q=acme"))).toEqual(["Carl Park"]);
    expect(names(await page("?q=BACKUPS"))).toEqual(["Zoë Müller"]);
    expect(names(await page("?q=muller.example"))).toEqual(["Zoë Müller"]);
    // LIKE's own characters are matched as typed.
    expect(names(await page("?q=50%25"))).toEqual(["Dana Fox"]);
    expect(names(await page("?q=_"))).toEqual([]);
    expect(names(await page("?q=acme&folder=handled"))).toEqual([]);
    const html = await page("?q=acme");
    expect(html).toContain('value="acme"');
  });

  it("'Not spam' moves a held message to New and emails it once; a message mailed before is not mailed again", async () => {
    await clear();
    const held = await send({ name: "Hasty Person" }, true);
    expect(await stateOf(held)).toBe("spam");
    expect(await mailsOf(held)).toEqual([]);
    const spam = await page("?folder=spam");
    expect(spam).toContain("Sent sooner after the form was shown than a person could fill it in");

    const moved = await post({ intent: "not-spam", id: held });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain(`back to New and emailed it to ${notifyTo}`);
    expect(await stateOf(held)).toBe("new");
    await waitFor(async () => (await mailsOf(held))[0]?.state === "sent");
    expect(smtp.received.filter((mail) => mail.includes("Hasty Person"))).toHaveLength(1);

    // Back to spam and out again, and a message that was mailed when it came: no second mail.
    await post({ intent: "spam", id: held });
    await post({ intent: "not-spam", id: held });
    const mailed = await send({ name: "Patient Person" });
    await waitFor(async () => (await mailsOf(mailed))[0]?.state === "sent");
    await post({ intent: "spam", id: mailed });
    await post({ intent: "not-spam", id: mailed });
    await waitForEmptyOutbox(db());
    expect(await mailsOf(held)).toHaveLength(1);
    expect(await mailsOf(mailed)).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.includes("Hasty Person"))).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.includes("Patient Person"))).toHaveLength(1);
  });

  it("deletes a message and its mail after asking, and logs only that a message was deleted", async () => {
    await clear();
    const id = await send({ name: "Gone Soon", message: "A secret about our servers." });
    await waitFor(async () => (await mailsOf(id)).length === 1);
    const asked = await post({ intent: "delete", id });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Delete the message from Gone Soon?");
    expect(await stateOf(id)).toBe("new");

    const deleted = await post({ intent: "delete", id, confirmed: "yes" });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Message deleted.");
    expect(await stateOf(id)).toBeUndefined();
    expect(await mailsOf(id)).toEqual([]);
    expect(await db().selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
    const [entry, ...others] = await activity();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ action: "delete", target: `contact message ${id}` });
    expect(JSON.stringify(entry)).not.toMatch(/Gone|secret|ann@/);
    expect((await post({ intent: "delete", id, confirmed: "yes" })).status).toBe(404);
  });

  it("exports a contact's messages as a JSON download and erases them, whatever the address's case", async () => {
    await clear();
    const first = await send({
      name: "Ann Lee",
      email: "Ann@Example.com",
      message: "First question here.",
    });
    const second = await send({
      name: "Ann Lee",
      email: "ann@example.com",
      message: "Second question here.",
    });
    const other = await send({ name: "Other Person", email: "other@example.com" });
    await waitFor(
      async () => (await db().selectFrom("mail_outbox").selectAll().execute()).length === 3,
    );

    const response = await fetch(
      `${site.url}/admin/leads/contacts/export.json?email=ANN%40example.com`,
      {
        headers: { cookie },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="contact-ann@example.com.json"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const data = await response.json();
    expect(data.email).toBe("ann@example.com");
    expect(data.messages.map((message: { id: number }) => message.id)).toEqual([first, second]);
    expect(data.messages[0]).toMatchObject({
      name: "Ann Lee",
      email: "Ann@Example.com",
      message: "First question here.",
      state: "new",
      notificationMails: [expect.objectContaining({ recipient: notifyTo })],
    });
    expect(JSON.stringify(data)).not.toContain("Other Person");

    const erased = await post({ intent: "erase", email: "ann@EXAMPLE.com", confirmed: "yes" });
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain("2 messages removed for good");
    for (const id of [first, second]) {
      expect(await stateOf(id)).toBeUndefined();
      expect(await mailsOf(id)).toEqual([]);
    }
    expect(await stateOf(other)).toBe("new");
    expect(await mailsOf(other)).toHaveLength(1);
    const entries = await activity();
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual([
      ["export", "contact data (2 messages)"],
      ["contact-erase", "2 messages"],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/ann@|Ann Lee/i);
  });

  it("sends a test email to the firm's address, shows how it fared, and limits admins to 5 in 10 minutes", async () => {
    await clear();
    let html = await page();
    expect(html).toContain("Email alerts are on");
    expect(html).toContain(`Each new message is emailed to <strong>${notifyTo}</strong>`);
    const sent = await post({ intent: "test-email" });
    expect(sent.status).toBe(200);
    await waitFor(() => smtp.received.some((mail) => mail.includes("Test email from")));
    const [mail] = smtp.received;
    expect(mail).toContain(`To: ${notifyTo}`);
    expect(mail).toContain("email alerts work");
    html = await page();
    expect(html).toContain("Latest test email arrived at the mail server");
    for (let attempt = 2; attempt <= 5; attempt++)
      expect((await post({ intent: "test-email" })).status).toBe(200);
    const limited = await post({ intent: "test-email" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("You have sent 5 test emails in the last few minutes");
  });

  it("refuses bad posts with a message and a 4xx, never a 500", async () => {
    await clear();
    const cases: [Record<string, string | number>, number, string][] = [
      [{ intent: "bogus", id: 1 }, 400, "That request was not understood"],
      [{ intent: "handled", id: "abc" }, 400, "That request was not understood"],
      [{ intent: "handled" }, 400, "That request was not understood"],
      [{ intent: "handled", id: 999_999 }, 404, "That message no longer exists"],
      [{ intent: "not-spam", id: 999_999 }, 404, "That message no longer exists"],
      [{ intent: "delete", id: 999_999 }, 404, "That message no longer exists"],
      [
        { intent: "erase", email: "not an email", confirmed: "yes" },
        400,
        "That request was not understood",
      ],
      [
        { intent: "erase", email: "nobody@example.com", confirmed: "yes" },
        404,
        "No messages from nobody@example.com",
      ],
    ];
    for (const [fields, status, text] of cases) {
      const response = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(await response.text()).toContain(text);
    }
    // A cross-site post is refused (React Router's own origin check comes first) and moves nothing.
    const id = await send({ name: "Stays New" });
    const crossSite = await post({ intent: "handled", id }, "https://attacker.example");
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.status).toBeLessThan(500);
    expect(await stateOf(id)).toBe("new");
    const noEmail = await fetch(`${site.url}/admin/leads/contacts/export.json`, {
      headers: { cookie },
    });
    expect(noEmail.status).toBe(400);
    // Odd addresses are read leniently: the default folder, the first page.
    expect(await page("?folder=nonsense&page=-3")).toContain("New: 1 message.");
  });

  it("keeps a cookieless bot that posts the form at once out of New, and lets a person who takes 5 s in", async () => {
    await clear();
    const form = (token: string, name: string) =>
      new URLSearchParams({
        name,
        email: "visitor@example.com",
        phone: "",
        company: "",
        message: "Hello, we need an IT partner for our office.",
        formToken: token,
      }).toString();
    const open = async (ip: string, cookieHeader?: string) => {
      const response = await fetch(`${site.url}/contact`, {
        headers: { "x-forwarded-for": ip, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      });
      const html = await response.text();
      const jar = response.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      return { token: /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? "", jar };
    };
    const submit = (body: string, ip: string, cookieHeader?: string) =>
      fetch(`${site.url}/contact`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: site.url,
          "x-forwarded-for": ip,
          ...(cookieHeader ? { cookie: cookieHeader } : {}),
        },
        body,
      });

    const botIp = nextIp();
    const bot = await open(botIp);
    expect((await submit(form(bot.token, "Quick Bot"), botIp)).status).toBe(200);
    // A bot that also fills the honeypot is dropped altogether.
    expect(
      (await submit(`${form(bot.token, "Honeypot Bot")}&website=spam.example`, botIp)).status,
    ).toBe(200);

    const personIp = nextIp();
    const person = await open(personIp);
    await sleep(5000);
    expect((await submit(form(person.token, "Real Person"), personIp, person.jar)).status).toBe(
      200,
    );

    const inbox = await page();
    expect(inbox).toContain("Real Person");
    expect(inbox).not.toContain("Quick Bot");
    expect(await page("?folder=spam")).toContain("Quick Bot");
    const names = await db()
      .selectFrom("contact_messages")
      .select(["name", "state"])
      .orderBy("id")
      .execute();
    expect(names).toEqual([
      { name: "Quick Bot", state: "spam" },
      { name: "Real Person", state: "new" },
    ]);
  }, 20_000);
});
