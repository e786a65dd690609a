// A test site with mail set up: a real SMTP server in the test process, the site's background
// jobs sending the outbox to it, and a way to wait until every queued mail is out.
import type { MailWorkerOptions } from "~/capabilities/mail/mail-worker.server";
import type { Db } from "~/platform/db/tables.server";
import type { SiteAppOptions } from "../../server/app";
import type { TestDatabase } from "./databases";
import { waitFor } from "./newsletter";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp";
import { startTestSite, type TestSite } from "./test-site";

export type MailSite = { site: TestSite; smtp: TestSmtpServer; close: () => Promise<void> };

export async function startMailSite(
  database: TestDatabase,
  env: Record<string, string> = {},
  jobOptions: MailWorkerOptions = {},
  appOptions: Partial<SiteAppOptions> = {},
): Promise<MailSite> {
  const smtp = await startTestSmtpServer();
  const site = await startTestSite(
    database,
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: "site@clearline.example",
      NOTIFY_TO: "owner@clearline.example",
      ...env,
    },
    appOptions,
  );
  const jobs = site.site.startBackgroundJobs(site.services, { pollIntervalMs: 50, ...jobOptions });
  return {
    site,
    smtp,
    close: async () => {
      await jobs.stop();
      await site.close();
      await smtp.close();
    },
  };
}

/** Until no mail is queued or being sent: what a test sent has reached the SMTP server. */
export function waitForEmptyOutbox(db: Db, timeoutMs = 30_000): Promise<void> {
  return waitFor(async () => {
    const waiting = await db
      .selectFrom("mail_outbox")
      .select("id")
      .where("state", "in", ["pending", "sending", "handing-over"])
      .execute();
    return waiting.length === 0;
  }, timeoutMs);
}

/**
 * A killed mail worker's leases run out: moved into the past in the database, which is all that
 * waiting out the 30 s lease would change, so a test need not wait.
 */
export async function letLeasesRunOut(db: Db): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .where("state", "in", ["sending", "handing-over"])
    .execute();
}

/**
 * Between two tests: every mail of the last one is out (or given up), then the newsletters,
 * subscribers and mails are gone, so the next one counts from nothing.
 */
export async function clearNewsletters(db: Db, smtp: TestSmtpServer): Promise<void> {
  await waitForEmptyOutbox(db);
  smtp.received.length = 0;
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("newsletters").execute();
  await db.deleteFrom("newsletter_subscriptions").execute();
}
