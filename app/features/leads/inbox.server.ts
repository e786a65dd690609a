// The leads inbox: contact messages by folder (New, Handled, Spam, All), searched, and what the
// owner does with one (mark, move to Spam or back, delete). Each change is written with its
// Activity entry, which names the message by number, never its contents.
import { type ExpressionBuilder, sql } from "kysely";
import { writeWithMail } from "~/capabilities/mail/mail-port.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { ActivityAction } from "~/platform/activity/activity-actions";
import type { Config } from "~/platform/config.server";
import type { ContactMessageState, Db, MailState, Tables } from "~/platform/db/tables.server";
import { toSearchPatterns } from "~/platform/search-text";
import { readSiteTimeZone } from "~/platform/settings.server";
import { buildContactNotification, type StoredMessage } from "./contact-messages.server";

export const inboxFolders = ["new", "handled", "spam", "all"] as const;
/** A message state, or All: every message that is not spam. */
export type InboxFolder = (typeof inboxFolders)[number];

export type DeliveryState = MailState | "not-mailed";

export type InboxMessage = StoredMessage & {
  id: number;
  state: ContactMessageState;
  handledAt: string | null;
  /** Why the spam guard held it; null when it passed (or an admin moved it to Spam). */
  spamVerdict: string | null;
  /** The visit that brought it, as stored (JSON); null: none known. */
  visitAttribution: string | null;
  delivery: {
    state: DeliveryState;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    nextAttemptAt: string | null;
  };
};

export type InboxQuery = { folder: InboxFolder; search: string };

type MessagesBuilder = ExpressionBuilder<Tables, "contact_messages">;

/** The folder's and the search's conditions, for listing and counting alike. */
function matchesSearch(search: string) {
  return (eb: MessagesBuilder) =>
    eb.and(
      toSearchPatterns(search).map(
        (pattern) =>
          sql<boolean>`${eb.ref("contact_messages.search_text")} like ${pattern} escape '\\'`,
      ),
    );
}

function isInFolder(folder: InboxFolder) {
  return (eb: MessagesBuilder) =>
    folder === "all"
      ? eb("contact_messages.state", "!=", "spam")
      : eb("contact_messages.state", "=", folder);
}

/** One folder's messages newest first, each with the state of its notification mail. */
export async function listInboxMessages(
  db: Db,
  { folder, search, limit, offset }: InboxQuery & { limit: number; offset: number },
): Promise<InboxMessage[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .leftJoin("mail_outbox", "mail_outbox.contact_message_id", "contact_messages.id")
    .where(isInFolder(folder))
    .where(matchesSearch(search))
    .select([
      "contact_messages.id",
      "contact_messages.name",
      "contact_messages.email",
      "contact_messages.phone",
      "contact_messages.company",
      "contact_messages.message",
      "contact_messages.created_at",
      "contact_messages.state",
      "contact_messages.handled_at",
      "contact_messages.spam_verdict",
      "contact_messages.visit_attribution",
      "mail_outbox.state as mail_state",
      "mail_outbox.attempts",
      "mail_outbox.last_error",
      "mail_outbox.sent_at",
      "mail_outbox.next_attempt_at",
    ])
    .orderBy("contact_messages.created_at", "desc")
    .orderBy("contact_messages.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    created_at: row.created_at,
    state: row.state,
    handledAt: row.handled_at,
    spamVerdict: row.spam_verdict,
    visitAttribution: row.visit_attribution,
    delivery: {
      state: row.mail_state ?? "not-mailed",
      attempts: Number(row.attempts ?? 0),
      lastError: row.last_error,
      sentAt: row.sent_at,
      nextAttemptAt: row.mail_state === "pending" ? row.next_attempt_at : null,
    },
  }));
}

/** How many messages each folder holds that match the search. */
export async function countInboxFolders(
  db: Db,
  search: string,
): Promise<Record<InboxFolder, number>> {
  const rows = await db
    .selectFrom("contact_messages")
    .where(matchesSearch(search))
    .select((eb) => ["state", eb.fn.countAll<number | string>().as("total")])
    .groupBy("state")
    .execute();
  const counts: Record<InboxFolder, number> = { new: 0, handled: 0, spam: 0, all: 0 };
  for (const row of rows) {
    const total = Number(row.total);
    counts[row.state] = total;
    if (row.state !== "spam") counts.all += total;
  }
  return counts;
}

/** Messages waiting for the owner: the admin menu's count beside Leads. */
export async function readNewMessagesBadge(db: Db): Promise<{ count: number; label: string }> {
  const row = await db
    .selectFrom("contact_messages")
    .where("state", "=", "new")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  const count = Number(row.total);
  return { count, label: count === 1 ? "1 new message" : `${count} new messages` };
}

/** The Activity log's name for a message: its number, nothing it says. */
export function getMessageTarget(id: number): string {
  return `contact message ${id}`;
}

const stateActions: Record<ContactMessageState, ActivityAction> = {
  new: "message-new",
  handled: "message-handled",
  spam: "message-spam",
};

export type MoveOutcome =
  | { kind: "not-found" }
  | { kind: "moved"; name: string; from: ContactMessageState; mailedTo?: string };

export type InboxServices = { db: Db; config: Config };

/**
 * Puts a message in a state. Out of Spam and into New ("Not spam"), a message that was never
 * mailed gets its notification now, when mail is set up, queued in the same transaction exactly
 * as a fresh message's is, so it is sent once.
 */
export async function moveMessage(
  { db, config }: InboxServices,
  { id, state }: { id: number; state: ContactMessageState },
  actor: Actor,
  now = new Date(),
): Promise<MoveOutcome> {
  return writeWithMail(db, async (trx, mail): Promise<MoveOutcome> => {
    const message = await trx
      .selectFrom("contact_messages")
      .select(["id", "name", "email", "phone", "company", "message", "created_at", "state"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!message) return { kind: "not-found" };
    await trx
      .updateTable("contact_messages")
      .set({ state, handled_at: state === "handled" ? now.toISOString() : null })
      .where("id", "=", id)
      .execute();
    const notSpam = message.state === "spam" && state !== "spam";
    await recordActivity(
      trx,
      {
        action: notSpam ? "message-not-spam" : stateActions[state],
        actor,
        target: getMessageTarget(id),
      },
      now,
    );
    const moved: MoveOutcome = { kind: "moved", name: message.name, from: message.state };
    const notifyTo = config.SMTP_URL ? config.NOTIFY_TO : undefined;
    if (!notSpam || !notifyTo) return moved;
    const mailed = await trx
      .selectFrom("mail_outbox")
      .select("id")
      .where("contact_message_id", "=", id)
      .executeTakeFirst();
    if (mailed) return moved;
    const site = { siteUrl: config.SITE_URL, timeZone: await readSiteTimeZone(trx) };
    const notification = buildContactNotification(message, notifyTo, site);
    await mail.add({ ...notification, contactMessageId: id }, now);
    return { ...moved, mailedTo: notifyTo };
  });
}

/** Removes a message and its mail rows for good; the Activity log keeps only that it happened. */
export async function deleteMessage(
  db: Db,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<"deleted" | "not-found"> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("mail_outbox").where("contact_message_id", "=", id).execute();
    const deleted = await trx
      .deleteFrom("contact_messages")
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return "not-found";
    await recordActivity(trx, { action: "delete", actor, target: getMessageTarget(id) }, now);
    return "deleted";
  });
}

/** A message's sender and name, to ask before deleting it; undefined when there is none. */
export async function findMessageSender(db: Db, id: number) {
  return db
    .selectFrom("contact_messages")
    .select(["name", "email"])
    .where("id", "=", id)
    .executeTakeFirst();
}
