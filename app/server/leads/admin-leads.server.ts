// The admin's view of the leads: contact messages newest first with the state of their mail,
// and the newsletter subscribers. Times are formatted here, in UTC, so server and browser agree.
import type { Config } from "../config.server";
import type { Db } from "../db/tables.server";
import { type ContactMessageRow, listContactMessages } from "./contact-messages.server";
import { listSubscribers } from "./newsletter.server";

export const messagesPerPage = 25;

export function formatUtcTime(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  })} UTC`;
}

function presentMessage(message: ContactMessageRow) {
  return {
    ...message,
    receivedAt: formatUtcTime(message.created_at),
    delivery: {
      ...message.delivery,
      sentAt: formatUtcTime(message.delivery.sentAt),
      nextAttemptAt: formatUtcTime(message.delivery.nextAttemptAt),
    },
  };
}

export type LeadsOverview = Awaited<ReturnType<typeof loadLeadsOverview>>;

export async function loadLeadsOverview(db: Db, config: Config, requestedPage: number) {
  const [first, subscribers] = await Promise.all([
    listContactMessages(db, { limit: messagesPerPage, offset: 0 }),
    listSubscribers(db),
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
    messages: current.messages.map(presentMessage),
    totalMessages: current.total,
    page,
    pageCount,
    subscribers: subscribers.map((subscriber) => ({
      email: subscriber.email,
      subscribedAt: formatUtcTime(subscriber.createdAt),
    })),
  };
}
