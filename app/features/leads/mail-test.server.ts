// The "Send a test email" button: queues a mail to the firm's notification address through the
// outbox (no contact message behind it), so the owner sees on the leads screen whether the site's
// mail reaches them. Limited per admin, so the button cannot flood the mail server.
import { writeWithMail } from "~/capabilities/mail/mail-port.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { Config } from "~/platform/config.server";
import type { Db, MailState } from "~/platform/db/tables.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { describeWait } from "./outcome.server";

export const mailTestRateLimit = { limit: 5, windowMs: 10 * 60_000 };

export type MailTestOutcome =
  | { kind: "off" }
  | { kind: "rate-limited"; message: string }
  | { kind: "queued"; to: string };

/** Queues one test email to NOTIFY_TO, unless mail is off or the admin asked too often. */
export async function queueTestEmail(
  { db, config }: { db: Db; config: Config },
  admin: { adminId: number; email: string },
  actor: Actor,
  now = new Date(),
): Promise<MailTestOutcome> {
  const to = config.SMTP_URL ? config.NOTIFY_TO : undefined;
  if (!to) return { kind: "off" };
  const limit = await hitRateLimit(
    db,
    `mail-test:${admin.adminId}`,
    mailTestRateLimit,
    now.getTime(),
  );
  if (!limit.allowed) {
    return {
      kind: "rate-limited",
      message: `You have sent ${mailTestRateLimit.limit} test emails in the last few minutes. Please wait ${describeWait(limit.retryAfterSeconds)} before sending another.`,
    };
  }
  const site = new URL(config.SITE_URL).host;
  await writeWithMail(db, async (trx, mail) => {
    const mailId = await mail.add(
      {
        to,
        subject: `Test email from ${site}`,
        text: [
          `${admin.email} sent this test email from the admin of ${config.SITE_URL}.`,
          "",
          "It arrived, so email alerts work: each new contact message will be emailed to this address.",
        ].join("\n"),
      },
      now,
    );
    await trx
      .insertInto("mail_tests")
      .values({ mail_id: mailId, admin_id: admin.adminId, created_at: now.toISOString() })
      .execute();
    await recordActivity(trx, { action: "mail-test", actor, target: to }, now);
  });
  return { kind: "queued", to };
}

export type LatestMailTest = {
  state: MailState;
  queuedAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
};

/** Where the newest test email stands, if one was ever sent. */
export async function readLatestMailTest(db: Db): Promise<LatestMailTest | undefined> {
  const row = await db
    .selectFrom("mail_tests")
    .innerJoin("mail_outbox", "mail_outbox.id", "mail_tests.mail_id")
    .select([
      "mail_outbox.state",
      "mail_tests.created_at",
      "mail_outbox.sent_at",
      "mail_outbox.attempts",
      "mail_outbox.last_error",
    ])
    .orderBy("mail_tests.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    state: row.state,
    queuedAt: row.created_at,
    sentAt: row.sent_at,
    attempts: Number(row.attempts),
    lastError: row.last_error,
  };
}
