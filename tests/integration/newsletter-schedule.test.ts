// Scheduling a newsletter from its screen (in the site's time zone: scheduled, moved, taken back
// to a draft, a passed time and a second click refused), a due issue claimed once however many
// ticks race for it, and bounces: a recipient the real SMTP server refuses with a 550 on two
// issues (one is not enough) is marked bounced, listed apart and sent nothing more.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { markBouncedSubscribers } from "~/features/newsletter/bounces.server";
import { toNewsletterFrame } from "~/features/newsletter/email.server";
import {
  notScheduledMessage,
  pastTimeMessage,
  sendDueNewsletters,
} from "~/features/newsletter/newsletter-schedule.server";
import { formatTime, toZonedInput } from "~/platform/format-time";
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
  getRecipient,
  postForm,
  readMail,
  sendNewsletterAs,
  signIn,
} from "../support/newsletter";
import type { TestSmtpServer } from "../support/smtp";
import type { TestSite } from "../support/test-site";
import { testAdmin } from "../support/test-site";

/** Not the server's zone, so a time read in the wrong zone is off by hours. */
const timeZone = "America/New_York";
const hourMs = 60 * 60_000;
/** A whole minute `ms` from now, as the schedule field holds it (minutes only). */
const minuteFromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000);

describe.each(getTestDatabaseKinds())("newsletter schedules and bounces on $name", (kind) => {
  let mailSite: MailSite;
  let smtp: TestSmtpServer;
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    mailSite = await startMailSite(await kind.create(), {
      MAIL_FROM: "news@clearline.example",
      NEWSLETTER_RATE: "100000",
    });
    ({ site, smtp } = mailSite);
    await site.services.db
      .insertInto("site_settings")
      .values({ name: "time_zone", value: timeZone, updated_at: new Date().toISOString() })
      .execute();
    cookie = await signIn(site.url, testAdmin);
    await waitForEmptyOutbox(site.services.db);
    smtp.received.length = 0;
  });

  afterEach(async () => {
    smtp.setRefusedRecipients([]);
    await clearNewsletters(site.services.db, smtp);
  });

  afterAll(async () => {
    await mailSite?.close();
  });

  const draft = { subject: "Tuesday digest", bodyHtml: "<p>News for Tuesday.</p>" };
  const post = (id: number, fields: Record<string, string>) =>
    postForm(site.url, `/admin/newsletter/${id}`, cookie, fields);
  const schedule = (id: number, at: Date, intent = "schedule") =>
    post(id, { intent, ...draft, sendAt: toZonedInput(at.toISOString(), timeZone) });
  const newsletter = (id: number) =>
    site.services.db
      .selectFrom("newsletters")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const activity = (id: number) =>
    site.services.db
      .selectFrom("admin_activity")
      .select(["action", "admin_email", "address", "detail"])
      .where("target", "=", `newsletter ${id}`)
      .orderBy("id")
      .execute();
  const readFrame = async () => toNewsletterFrame(site.url, defaultContent);

  it("schedules in the site's time zone, moves it, takes it back; refuses a passed time and a second click", async () => {
    await addConfirmedSubscribers(site.services.db, 2, "plan");
    const id = await createDraft(site.url, cookie);

    const passed = await schedule(id, new Date(Date.now() - 5 * 60_000));
    expect(passed.status).toBe(400);
    expect(await passed.text()).toContain(pastTimeMessage);
    const empty = await post(id, { intent: "schedule", ...draft, sendAt: "" });
    expect(empty.status).toBe(400);
    const hostile = await post(id, { intent: "schedule", ...draft, sendAt: "<script>" });
    expect(hostile.status).toBe(400);
    expect((await newsletter(id)).status).toBe("draft");

    const at = minuteFromNow(2 * hourMs);
    const scheduled = await schedule(id, at);
    expect(scheduled.status).toBe(200);
    expect(await newsletter(id)).toMatchObject({
      status: "scheduled",
      scheduled_at: at.toISOString(),
      scheduled_by: testAdmin.email,
    });
    // A second click of Schedule finds it no longer a draft: refused, nothing changes.
    const again = await schedule(id, minuteFromNow(3 * hourMs));
    expect(again.status).toBe(409);
    expect((await newsletter(id)).scheduled_at).toBe(at.toISOString());
    // A tab still showing the draft learns it was scheduled, not that it went out.
    for (const intent of ["schedule", "save", "send", "delete"]) {
      const stale =
        intent === "schedule"
          ? again
          : await post(id, { intent, ...draft, subject: "Changed in a stale tab" });
      expect(stale.status, intent).toBe(409);
      const text = await stale.text();
      expect(text, intent).toContain("This newsletter has been scheduled in the meantime");
      expect(text, intent).not.toContain("sent already");
    }
    expect(await newsletter(id)).toMatchObject({
      status: "scheduled",
      subject: draft.subject,
      scheduled_at: at.toISOString(),
    });

    // The list shows it with its time, in the site's zone.
    const list = await (
      await fetch(`${site.url}/admin/newsletter`, { headers: { cookie } })
    ).text();
    expect(list).toContain("Scheduled for");
    expect(list).toContain(formatTime(at.toISOString(), timeZone));

    const later = minuteFromNow(5 * hourMs);
    expect((await schedule(id, later, "reschedule")).status).toBe(200);
    expect((await newsletter(id)).scheduled_at).toBe(later.toISOString());
    const movedIntoPast = await schedule(id, new Date(Date.now() - 60_000), "reschedule");
    expect(movedIntoPast.status).toBe(400);
    expect((await newsletter(id)).scheduled_at).toBe(later.toISOString());

    expect((await post(id, { intent: "unschedule" })).status).toBe(200);
    expect(await newsletter(id)).toMatchObject({ status: "draft", scheduled_at: null });
    const twice = await post(id, { intent: "unschedule" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(notScheduledMessage);

    expect((await activity(id)).map((entry) => [entry.action, entry.admin_email])).toEqual([
      ["newsletter-schedule", testAdmin.email],
      ["newsletter-reschedule", testAdmin.email],
      ["newsletter-unschedule", testAdmin.email],
    ]);
    expect(smtp.received).toHaveLength(0);
  });

  it("sends a due issue once however many ticks race for it, and says who scheduled it", async () => {
    const readers = await addConfirmedSubscribers(site.services.db, 5, "due");
    const id = await createDraft(site.url, cookie);
    expect((await schedule(id, minuteFromNow(hourMs))).status).toBe(200);
    // Not due yet: a tick sends nothing.
    expect(await sendDueNewsletters(site.services.db, readFrame)).toBe(0);

    await site.services.db
      .updateTable("newsletters")
      .set({ scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    const ticks = await Promise.all(
      Array.from({ length: 4 }, () => sendDueNewsletters(site.services.db, readFrame)),
    );
    expect(ticks.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    await waitForEmptyOutbox(site.services.db);
    const recipients = smtp.received.map((raw) => getRecipient(readMail(raw))).sort();
    expect(recipients).toEqual([...readers].sort());

    const sentOnSchedule = (await activity(id)).filter(
      (entry) => entry.action === "newsletter-send-on-schedule",
    );
    expect(sentOnSchedule).toHaveLength(1);
    expect(sentOnSchedule[0]?.address).toBe("schedule");
    expect(JSON.parse(sentOnSchedule[0]?.detail ?? "{}")).toMatchObject({
      recipients: 5,
      scheduledBy: testAdmin.email,
    });
    // Once it has started, it can no longer be moved or cancelled.
    expect((await post(id, { intent: "unschedule" })).status).toBe(409);
    expect((await schedule(id, minuteFromNow(hourMs), "reschedule")).status).toBe(409);
  });

  it("marks a subscriber bounced after 550s on two issues, lists them apart and sends them nothing more", async () => {
    const [kept, gone] = await addConfirmedSubscribers(site.services.db, 2, "bounce");
    smtp.setRefusedRecipients([gone ?? ""], "5.1.1 <gone> No such mailbox here");
    const refusals = () =>
      site.services.db
        .selectFrom("mail_outbox")
        .select(["state", "attempts", "refusal_code", "smtp_response"])
        .where("recipient", "=", gone ?? "")
        .execute();

    await sendNewsletterAs(site.url, cookie, { subject: "Issue one", bodyHtml: "<p>One</p>" });
    await waitForEmptyOutbox(site.services.db);
    // Refused for good: given up at once (no retries), its code and reply kept on the row.
    expect(await refusals()).toMatchObject([
      {
        state: "failed",
        attempts: 1,
        refusal_code: 550,
        smtp_response: expect.stringMatching(/No such mailbox/),
      },
    ]);
    // One issue's refusal is not enough.
    expect(await markBouncedSubscribers(site.services.db)).toEqual([]);

    await sendNewsletterAs(site.url, cookie, { subject: "Issue two", bodyHtml: "<p>Two</p>" });
    await waitForEmptyOutbox(site.services.db);
    expect(await markBouncedSubscribers(site.services.db)).toEqual([gone]);
    expect(await markBouncedSubscribers(site.services.db)).toEqual([]);
    const row = await site.services.db
      .selectFrom("newsletter_subscriptions")
      .select(["state", "bounced_at", "bounce_reply"])
      .where("email", "=", gone ?? "")
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("bounced");
    expect(row.bounce_reply).toMatch(/^550 .*No such mailbox here/);

    smtp.received.length = 0;
    const { response } = await sendNewsletterAs(site.url, cookie, {
      subject: "Issue three",
      bodyHtml: "<p>Three</p>",
    });
    expect(await response.text()).toContain("Sending to 1 subscriber.");
    await waitForEmptyOutbox(site.services.db);
    expect(smtp.received.map((raw) => getRecipient(readMail(raw)))).toEqual([kept]);

    const page = await (
      await fetch(`${site.url}/admin/newsletter`, { headers: { cookie } })
    ).text();
    const bouncedSection = page.slice(page.indexOf('id="bounced-heading"'));
    expect(bouncedSection).toContain(gone);
    expect(bouncedSection).toContain("No such mailbox here");
    // The subscribers' table above lists the one still subscribed only.
    const table = page.slice(
      page.indexOf('id="subscribers-heading"'),
      page.indexOf('id="bounced-heading"'),
    );
    expect(table).toContain(kept);
    expect(table).not.toContain(gone);

    // Signed up and confirmed again: the refusals before count no more.
    await site.services.db
      .updateTable("newsletter_subscriptions")
      .set({ state: "confirmed", confirmed_at: new Date(Date.now() + 1000).toISOString() })
      .where("email", "=", gone ?? "")
      .execute();
    expect(await markBouncedSubscribers(site.services.db)).toEqual([]);
  });
});
