// Contact notifications through the durable outbox against a real SMTP server: delivered in the
// background, retried with backoff while the server refuses, never slowing or failing the visitor.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliverDueMail, type MailSender } from "~/capabilities/mail/mail-outbox.server";
import { createSmtpSender, type SmtpSender } from "~/capabilities/mail/smtp-sender.server";
import { formatTime } from "~/platform/format-time";
import { getTestDatabaseKinds } from "../support/databases";
import { readMail } from "../support/newsletter";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { startTestSite, type TestSite } from "../support/test-site";

const message = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "",
  company: "Acme Dental",
  message: "Our office network drops every afternoon. Can you help?",
};
const mailFrom = "website@clearline.example";
const notifyTo = "owner@clearline.example";

let lastIp = 0;
function nextIp(): string {
  lastIp++;
  return `198.51.100.${lastIp}`;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(getTestDatabaseKinds())("the mail outbox on $name", (kind) => {
  let smtp: TestSmtpServer;
  let site: TestSite;
  let sender: SmtpSender;
  let stopJobs: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    site = await startTestSite(await kind.create(), {
      SMTP_URL: smtp.url,
      MAIL_FROM: mailFrom,
      NOTIFY_TO: notifyTo,
    });
    sender = createSmtpSender(smtp.url);
  });

  afterEach(async () => {
    await stopJobs?.();
    stopJobs = undefined;
    smtp.setRefusing(false);
    smtp.setOnAccept(undefined);
    smtp.received.length = 0;
    await site.services.db.deleteFrom("mail_outbox").execute();
    await site.services.db.deleteFrom("contact_messages").execute();
    await site.services.db.deleteFrom("site_settings").execute();
  });

  afterAll(async () => {
    sender?.close();
    await site?.close();
    await smtp?.close();
  });

  async function sendMessage(body = message) {
    const started = performance.now();
    const response = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: site.url,
        "x-forwarded-for": nextIp(),
      },
      body: JSON.stringify(body),
    });
    return { response, ms: performance.now() - started };
  }

  const outbox = () =>
    site.services.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

  it("mails each message to NOTIFY_TO from the background worker, Reply-To the visitor, and records it as sent", async () => {
    // The alert gives the time as the site's owner reads clocks, in the site's time zone.
    await site.services.db
      .insertInto("site_settings")
      .values({ name: "time_zone", value: "America/Chicago", updated_at: new Date().toISOString() })
      .execute();
    const jobs = site.site.startBackgroundJobs(site.services, { pollIntervalMs: 100 });
    stopJobs = jobs.stop;
    const { response } = await sendMessage();
    expect(response.status).toBe(201);
    await waitFor(() => smtp.received.length === 1);
    const mail = smtp.received[0] ?? "";
    expect(mail).toMatch(/^To: owner@clearline\.example$/m);
    expect(mail).toMatch(/^From: website@clearline\.example$/m);
    expect(mail).toMatch(/^Reply-To: ann@example\.com$/m);
    expect(mail).toMatch(/^Subject: New contact message from Ann Lee$/m);
    expect(mail).toContain("Company: Acme Dental");
    expect(mail).toContain("Phone: not given");
    expect(mail).toContain(message.message);
    await waitFor(async () => (await outbox())[0]?.state === "sent");
    const [row] = await outbox();
    expect(row).toMatchObject({ state: "sent", recipient: notifyTo, last_error: null });
    expect(Number(row?.attempts)).toBe(1);
    expect(row?.sent_at).toBeTruthy();
    const [stored] = await site.services.db.selectFrom("contact_messages").selectAll().execute();
    expect(row?.contact_message_id).toBe(stored?.id);
    const text = readMail(mail);
    const received = formatTime(stored?.created_at, "America/Chicago");
    expect(received).toMatch(/ (CST|CDT)$/);
    expect(text).toContain(`Received: ${received}`);
    expect(text).not.toContain(stored?.created_at ?? "no time");
    expect(text).toContain(
      `Open it in the inbox: ${site.services.config.SITE_URL}/admin/leads?folder=new#message-${stored?.id}`,
    );
  });

  it("while the SMTP server refuses, answers the visitor at once, retries after 30 s then 2 min, and delivers once it accepts", async () => {
    smtp.setRefusing(true);
    const { response, ms } = await sendMessage();
    expect(response.status).toBe(201);
    expect(ms).toBeLessThan(1000);
    const start = Date.now() + 1000;
    let now = start;
    const options = { from: mailFrom, now: () => now };

    expect(await deliverDueMail(site.services.db, sender.send, options)).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
      full: false,
    });
    let [row] = await outbox();
    expect(row).toMatchObject({ state: "pending" });
    expect(Number(row?.attempts)).toBe(1);
    expect(row?.last_error).toMatch(/Service not available/);
    expect(row?.next_attempt_at).toBe(new Date(start + 30_000).toISOString());

    // Not due yet: the server is not even contacted.
    const connections = smtp.connections();
    now = start + 10_000;
    expect(await deliverDueMail(site.services.db, sender.send, options)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      full: false,
    });
    expect(smtp.connections()).toBe(connections);

    now = start + 30_000;
    expect((await deliverDueMail(site.services.db, sender.send, options)).retrying).toBe(1);
    [row] = await outbox();
    expect(Number(row?.attempts)).toBe(2);
    expect(row?.next_attempt_at).toBe(new Date(now + 120_000).toISOString());

    smtp.setRefusing(false);
    now += 120_000;
    expect((await deliverDueMail(site.services.db, sender.send, options)).sent).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ state: "sent", last_error: null });
    expect(Number(row?.attempts)).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(message.message);
  });

  it("stores one message and sends one mail when the same form is submitted twice", async () => {
    const body = { ...message, idempotencyKey: "form-7f3a9c2e1b" };
    const ip = nextIp();
    const post = () =>
      fetch(`${site.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url, "x-forwarded-for": ip },
        body: JSON.stringify(body),
      });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await post()).toHaveProperty("status", 201);
    expect(
      await site.services.db.selectFrom("contact_messages").selectAll().execute(),
    ).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
    // Another form (another key) is another message.
    const other = await sendMessage({ ...message, idempotencyKey: "form-other-key-1" } as never);
    expect(other.response.status).toBe(201);
    expect(
      await site.services.db.selectFrom("contact_messages").selectAll().execute(),
    ).toHaveLength(2);
  });

  it("keeps the SMTP server's answer and sends every attempt of one mail with the same Message-ID", async () => {
    smtp.setRefusing(true);
    await sendMessage();
    let now = Date.now() + 1000;
    const options = { from: mailFrom, now: () => now };
    await deliverDueMail(site.services.db, sender.send, options);
    smtp.setRefusing(false);
    now += 24 * 60 * 60_000;
    expect(await deliverDueMail(site.services.db, sender.send, options)).toMatchObject({ sent: 1 });
    const [row] = await outbox();
    expect(row?.smtp_response).toMatch(/^250\b/);
    const messageId = /^Message-ID: (.+)$/im.exec(smtp.received[0] ?? "")?.[1]?.trim();
    expect(messageId).toBe(
      `<outbox-${row?.id}-${Date.parse(row?.created_at ?? "")}@clearline.example>`,
    );
  });

  it("renews the lease while a slow send goes on, so no second worker sends the mail again", async () => {
    await sendMessage();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const slowSend: MailSender = async (mail, handOver) => {
      await sleep(700);
      return sender.send(mail, handOver);
    };
    const first = deliverDueMail(site.services.db, slowSend, {
      from: mailFrom,
      leaseMs: 200,
      heartbeatMs: 50,
    });
    // Past the first lease: without the heartbeat this worker would take the mail too.
    await sleep(450);
    const second = await deliverDueMail(site.services.db, sender.send, {
      from: mailFrom,
      leaseMs: 200,
    });
    expect(second.sent).toBe(0);
    expect(await first).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it("lets another worker take a mail whose worker stopped renewing its lease", async () => {
    await sendMessage();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // A worker that hangs and never renews (as if its process died mid-send).
    let release: () => void = () => {};
    const hung: MailSender = () =>
      new Promise((resolve) => {
        release = () => resolve();
      });
    const stuck = deliverDueMail(site.services.db, hung, {
      from: mailFrom,
      leaseMs: 200,
      heartbeatMs: 60_000,
    });
    await sleep(400);
    const rescue = await deliverDueMail(site.services.db, sender.send, { from: mailFrom });
    expect(rescue.sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    release();
    await stuck;
  });

  it("marks a mail in doubt and never resends it when the connection drops after the mail was handed over", async () => {
    await sendMessage();
    // The server stores the whole mail, then the connection dies before its 250 gets out.
    smtp.setOnAccept(async ({ drop }) => drop());
    let now = Date.now() + 1000;
    const options = { from: mailFrom, now: () => now };
    expect(await deliverDueMail(site.services.db, sender.send, options)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      full: false,
    });
    const [row] = await outbox();
    expect(row).toMatchObject({ state: "in-doubt", sent_at: null });
    expect(row?.last_error).toMatch(/may have arrived, so it is not sent again/);
    smtp.setOnAccept(undefined);
    now += 24 * 60 * 60_000;
    await deliverDueMail(site.services.db, sender.send, options);
    expect(smtp.received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ state: "in-doubt" });
  });

  it("retries, as before, a mail the SMTP server refused at the end of its data", async () => {
    await sendMessage();
    smtp.setOnAccept(async ({ refuse }) => refuse());
    let now = Date.now() + 1000;
    const options = { from: mailFrom, now: () => now };
    expect(await deliverDueMail(site.services.db, sender.send, options)).toMatchObject({
      retrying: 1,
    });
    const [row] = await outbox();
    expect(row).toMatchObject({ state: "pending" });
    expect(row?.last_error).toMatch(/554/);
    smtp.setOnAccept(undefined);
    now += 30_000;
    expect(await deliverDueMail(site.services.db, sender.send, options)).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a worker that stalled past its lease, while another sent the mail, never completes a second copy", async () => {
    await sendMessage();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let resume: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      resume = resolve;
    });
    // Stalls after its claim (a long GC pause, a frozen VM) without renewing its lease.
    const stallingSend: MailSender = async (mail, handOver) => {
      await stalled;
      return sender.send(mail, handOver);
    };
    const first = deliverDueMail(site.services.db, stallingSend, {
      from: mailFrom,
      leaseMs: 200,
      heartbeatMs: 60_000,
    });
    await sleep(400);
    expect(await deliverDueMail(site.services.db, sender.send, { from: mailFrom })).toMatchObject({
      sent: 1,
    });
    // The stalled worker wakes and sends the whole mail but not the mark that would complete it.
    resume();
    expect(await first).toEqual({ sent: 0, retrying: 0, failed: 0, full: false });
    expect(smtp.received).toHaveLength(1);
    const [row] = await outbox();
    expect(row).toMatchObject({ state: "sent" });
    expect(Number(row?.attempts)).toBe(2);
  });

  it("gives up after the last attempt and marks the mail failed, keeping the message", async () => {
    smtp.setRefusing(true);
    await sendMessage();
    let now = Date.now() + 1000;
    const options = { from: mailFrom, now: () => now, maxAttempts: 3 };
    for (let attempt = 1; attempt <= 3; attempt++) {
      await deliverDueMail(site.services.db, sender.send, options);
      now += 24 * 60 * 60_000;
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ state: "failed" });
    expect(Number(row?.attempts)).toBe(3);
    expect(await deliverDueMail(site.services.db, sender.send, options)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      full: false,
    });
    expect(
      await site.services.db.selectFrom("contact_messages").selectAll().execute(),
    ).toHaveLength(1);
  });

  it("the background worker retries on its own and delivers once the server is back", async () => {
    smtp.setRefusing(true);
    const jobs = site.site.startBackgroundJobs(site.services, {
      pollIntervalMs: 50,
      retryDelaysMs: [200],
    });
    stopJobs = jobs.stop;
    const { response, ms } = await sendMessage();
    expect(response.status).toBe(201);
    expect(ms).toBeLessThan(1000);
    await waitFor(async () => Number((await outbox())[0]?.attempts) >= 2);
    expect(smtp.received).toHaveLength(0);
    smtp.setRefusing(false);
    await waitFor(async () => (await outbox())[0]?.state === "sent");
    expect(smtp.received).toHaveLength(1);
  });
});

describe("with no SMTP server listening at all", () => {
  it("still stores the message and answers 201 at once; the mail waits in the outbox with the error", async () => {
    const [kind] = getTestDatabaseKinds();
    if (!kind) throw new Error("no database kind");
    // A port that was free a moment ago: connections to it are refused.
    const closed = await startTestSmtpServer();
    await closed.close();
    const site = await startTestSite(await kind.create(), {
      SMTP_URL: closed.url,
      MAIL_FROM: mailFrom,
      NOTIFY_TO: notifyTo,
    });
    const jobs = site.site.startBackgroundJobs(site.services, { pollIntervalMs: 50 });
    try {
      const started = performance.now();
      const response = await fetch(`${site.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url },
        body: JSON.stringify(message),
      });
      expect(response.status).toBe(201);
      expect(performance.now() - started).toBeLessThan(1000);
      await waitFor(async () => {
        const row = await site.services.db.selectFrom("mail_outbox").selectAll().executeTakeFirst();
        return Boolean(row?.last_error);
      });
      const row = await site.services.db.selectFrom("mail_outbox").selectAll().executeTakeFirst();
      expect(row).toMatchObject({ state: "pending" });
      expect(row?.last_error).toMatch(/ECONNREFUSED/);
      expect(
        await site.services.db.selectFrom("contact_messages").selectAll().execute(),
      ).toHaveLength(1);
    } finally {
      await jobs.stop();
      await site.close();
    }
  });
});
