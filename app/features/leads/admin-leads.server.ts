// The admin's view of the leads: contact messages newest first with the state of their mail,
// the newsletter subscribers, and apart from both what the spam guard holds as possible spam.
// Times are formatted here, in the site time zone, so server and browser agree.
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime } from "~/platform/format-time";
import { type ContactMessageRow, listContactMessages } from "./contact-messages.server";
import { listHeldSignUps, listSubscribers } from "./newsletter.server";
import type { TimingVerdict } from "./spam/spam.server";

export const messagesPerPage = 25;
/** Possible spam shown at once: the newest; the count says how many more there are. */
export const heldShown = 25;

const heldReasons: Record<TimingVerdict, string> = {
  "too-fast": "Sent sooner after the form was shown than a person could fill it in",
  "fast-after-fetch":
    "Sent without the site's cookie, right after a page was fetched from the same network",
};

/** Why the spam guard held a message or sign-up, in words for the admin. */
export function describeHeldReason(verdict: string): string {
  return heldReasons[verdict as TimingVerdict] ?? verdict;
}

function presentMessage(message: ContactMessageRow, timeZone: string) {
  return {
    ...message,
    receivedAt: formatTime(message.created_at, timeZone),
    delivery: {
      ...message.delivery,
      sentAt: formatTime(message.delivery.sentAt, timeZone),
      nextAttemptAt: formatTime(message.delivery.nextAttemptAt, timeZone),
    },
  };
}

export type LeadsOverview = Awaited<ReturnType<typeof loadLeadsOverview>>;

export async function loadLeadsOverview(
  db: Db,
  config: Config,
  requestedPage: number,
  timeZone: string,
) {
  const [first, subscribers, heldMessages, heldSignUps] = await Promise.all([
    listContactMessages(db, { limit: messagesPerPage, offset: 0 }),
    listSubscribers(db),
    listContactMessages(db, { limit: heldShown, offset: 0, folder: "spam" }),
    listHeldSignUps(db, heldShown),
  ]);
  const pageCount = Math.max(1, Math.ceil(first.total / messagesPerPage));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const current =
    page === 1
      ? first
      : await listContactMessages(db, {
          limit: messagesPerPage,
          offset: (page - 1) * messagesPerPage,
        });
  return {
    mail: config.SMTP_URL ? { enabled: true, to: config.NOTIFY_TO ?? "" } : { enabled: false },
    messages: current.messages.map((message) => presentMessage(message, timeZone)),
    totalMessages: current.total,
    page,
    pageCount,
    subscribers: subscribers.map((subscriber) => ({
      email: subscriber.email,
      subscribedAt: formatTime(subscriber.createdAt, timeZone),
    })),
    possibleSpam: {
      totalMessages: heldMessages.total,
      messages: heldMessages.messages.map((message) => ({
        ...presentMessage(message, timeZone),
        reason: describeHeldReason(message.spamVerdict ?? ""),
      })),
      totalSignUps: heldSignUps.total,
      signUps: heldSignUps.signUps.map((signUp) => ({
        email: signUp.email,
        signedUpAt: formatTime(signUp.createdAt, timeZone),
        reason: describeHeldReason(signUp.spamVerdict),
      })),
    },
  };
}
