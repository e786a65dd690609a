// Scheduled newsletters: a draft set to leave at a time in the site's time zone, moved or cancelled
// until it starts, and sent by the scheduler's tick. The due issue is claimed by one UPDATE in the
// transaction that queues its copies, so however many processes tick, each issue leaves once.
import { writeWithMail } from "~/capabilities/mail/mail-port.server";
import {
  type ActivityEntryInput,
  type Actor,
  recordActivity,
  scheduleActor,
} from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { fromZonedInput } from "~/platform/format-time";
import type { NewsletterFrame } from "./email.server";
import {
  describeNotDraft,
  NewsletterStateError,
  queueNewsletterCopies,
} from "./newsletters.server";
import { describeEmptyAudience } from "./topics";

/** How far ahead an issue may be scheduled. */
const furthestAheadMs = 366 * 24 * 60 * 60_000;

export const missingTimeMessage = "Choose the date and time to send this newsletter.";
export const pastTimeMessage =
  "That time has already passed. Choose a time in the future to schedule this newsletter.";
export const notScheduledMessage =
  "This newsletter is no longer scheduled: it has started sending, or its schedule was cancelled.";

/**
 * The UTC time of a schedule form's date and time ("2026-05-04T09:00", the site's zone), or the
 * message that refuses it: missing, malformed, passed, or more than a year ahead.
 */
export function readSendAt(
  local: unknown,
  timeZone: string,
  now = new Date(),
): { sendAt: string } | { error: string } {
  const sendAt = typeof local === "string" ? fromZonedInput(local.trim(), timeZone) : "";
  if (!sendAt) return { error: missingTimeMessage };
  const at = Date.parse(sendAt);
  if (at <= now.getTime()) return { error: pastTimeMessage };
  if (at - now.getTime() > furthestAheadMs) {
    return { error: "Choose a time within the next year." };
  }
  return { sendAt };
}

/**
 * Sets a draft (or a scheduled issue, to move it) to leave at sendAt; an issue already sending is
 * refused. Activity records who scheduled or rescheduled it, and for when.
 */
export async function scheduleNewsletter(
  db: Db,
  id: number,
  sendAt: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  if (Date.parse(sendAt) <= now.getTime()) throw new NewsletterStateError(pastTimeMessage);
  await db.transaction().execute(async (trx) => {
    const set = {
      status: "scheduled" as const,
      scheduled_at: sendAt,
      scheduled_by: actor.email,
      updated_at: now.toISOString(),
    };
    const moved = await trx
      .updateTable("newsletters")
      .set(set)
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .executeTakeFirst();
    const rescheduled = Number(moved.numUpdatedRows) === 1;
    if (!rescheduled) {
      const scheduled = await trx
        .updateTable("newsletters")
        .set(set)
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      if (Number(scheduled.numUpdatedRows) !== 1) {
        throw new NewsletterStateError(await describeNotDraft(trx, id));
      }
    }
    await recordActivity(
      trx,
      {
        action: rescheduled ? "newsletter-reschedule" : "newsletter-schedule",
        actor,
        target: `newsletter ${id}`,
        detail: { sendAt },
      },
      now,
    );
  });
}

/** Takes a scheduled issue back to a draft; one that has started sending is refused. */
export async function cancelSchedule(
  db: Db,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("newsletters")
      .set({
        status: "draft",
        scheduled_at: null,
        scheduled_by: null,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .returning("scheduled_at")
      .executeTakeFirst();
    if (!row) throw new NewsletterStateError(notScheduledMessage);
    await recordActivity(
      trx,
      { action: "newsletter-unschedule", actor, target: `newsletter ${id}` },
      now,
    );
  });
}

/**
 * Claims one scheduled issue that is due and queues its copies, in one transaction: the UPDATE
 * that moves it from "scheduled" to "sending" is the claim, so a process that lost the race (or
 * came after a restart) finds nothing to claim. With nobody to send to, it goes back to a draft.
 * Answers the copies queued, or undefined when another process claimed it first.
 */
async function sendDueNewsletter(
  db: Db,
  id: number,
  frame: NewsletterFrame,
  now: Date,
): Promise<number | undefined> {
  return writeWithMail(db, async (trx, mail) => {
    const claimed = await trx
      .updateTable("newsletters")
      .set({ status: "sending", sent_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .where("scheduled_at", "<=", now.toISOString())
      .returning(["subject", "body_html", "audience", "scheduled_at", "scheduled_by"])
      .executeTakeFirst();
    if (!claimed) return undefined;
    const queued = await queueNewsletterCopies(trx, mail, { id, ...claimed }, frame, now);
    const entry: ActivityEntryInput = {
      action: "newsletter-send-on-schedule",
      actor: scheduleActor,
      target: `newsletter ${id}`,
      detail: {
        recipients: queued,
        scheduledFor: claimed.scheduled_at,
        scheduledBy: claimed.scheduled_by,
      },
    };
    if (queued === 0) {
      await trx
        .updateTable("newsletters")
        .set({ status: "draft", sent_at: null, scheduled_at: null, scheduled_by: null })
        .where("id", "=", id)
        .execute();
      entry.action = "newsletter-unschedule";
      entry.detail = { ...entry.detail, reason: describeEmptyAudience(claimed.audience) };
    }
    await recordActivity(trx, entry, now);
    return queued;
  });
}

/**
 * Sends every scheduled issue whose time has come; answers how many this call sent. The frame is
 * read only when one is due, so an idle tick is one indexed query.
 */
export async function sendDueNewsletters(
  db: Db,
  readFrame: () => Promise<NewsletterFrame>,
  now = new Date(),
): Promise<number> {
  const due = await db
    .selectFrom("newsletters")
    .select("id")
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", now.toISOString())
    .orderBy("scheduled_at")
    .execute();
  if (due.length === 0) return 0;
  const frame = await readFrame();
  let sent = 0;
  for (const { id } of due) {
    const queued = await sendDueNewsletter(db, Number(id), frame, now);
    if (queued) sent++;
  }
  return sent;
}
