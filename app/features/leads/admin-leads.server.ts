// The admin's view of the leads inbox: one folder's page of messages (searched) with each one's
// mail, the folders' counts, whether email alerts are on and how the latest test email fared.
// Times are formatted here, in the site time zone, so server and browser agree.
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime } from "~/platform/format-time";
import { parseAttribution, readNewsletterCampaign } from "~/platform/visits/visit-attribution";
import { z } from "~/platform/zod";
import { describeAttribution } from "./attribution-summary";
import {
  countInboxFolders,
  type InboxMessage,
  inboxFolders,
  listInboxMessages,
} from "./inbox.server";
import { readLatestMailTest } from "./mail-test.server";
import { type PageTitle, type PageTitleReader, readPageTitles } from "./page-titles.server";
import { describeHeldReason } from "./spam/spam.server";

export const messagesPerPage = 25;

/** The inbox's address: folder, search and page, read leniently (a bad value means the default). */
export const inboxQuerySchema = z.object({
  folder: z.enum(inboxFolders).catch("new"),
  q: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).catch(1),
});

export function readInboxQuery(url: URL) {
  const params = url.searchParams;
  return inboxQuerySchema.parse({
    folder: params.get("folder") ?? undefined,
    q: params.get("q") ?? "",
    page: params.get("page") ?? undefined,
  });
}

/** The subjects of the newsletter issues these messages' visits came from, by issue. */
async function readIssueSubjects(db: Db, messages: InboxMessage[]) {
  const ids = messages.flatMap((message) => {
    const attribution = parseAttribution(message.visitAttribution);
    const id = attribution && readNewsletterCampaign(attribution);
    return id ? [id] : [];
  });
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom("newsletters")
    .select(["id", "subject"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.subject]));
}

function presentMessage(
  { visitAttribution, ...message }: InboxMessage,
  timeZone: string,
  titles: ReadonlyMap<string, PageTitle>,
  issues: ReadonlyMap<number, string>,
) {
  const attribution = parseAttribution(visitAttribution);
  return {
    ...message,
    cameFrom: attribution && {
      summary: describeAttribution(attribution, titles, issues),
      pages: attribution.pagesBefore,
    },
    receivedAt: formatTime(message.created_at, timeZone),
    handledAt: message.handledAt ? formatTime(message.handledAt, timeZone) : null,
    spamReason:
      message.state === "spam"
        ? message.spamVerdict
          ? describeHeldReason(message.spamVerdict)
          : "Moved to Spam by an admin"
        : null,
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
  { folder, q, page: requestedPage }: z.infer<typeof inboxQuerySchema>,
  timeZone: string,
  readTitles: PageTitleReader,
) {
  const [counts, latestTest] = await Promise.all([
    countInboxFolders(db, q),
    readLatestMailTest(db),
  ]);
  // The folder's count is its total; a page past the end (messages moved away since) shows the
  // last page instead.
  const total = counts[folder];
  const pageCount = Math.max(1, Math.ceil(total / messagesPerPage));
  const page = Math.min(requestedPage, pageCount);
  const messages = await listInboxMessages(db, {
    folder,
    search: q,
    limit: messagesPerPage,
    offset: (page - 1) * messagesPerPage,
  });
  const notifyTo = config.SMTP_URL ? config.NOTIFY_TO : undefined;
  const titles = messages.some((message) => message.visitAttribution)
    ? await readPageTitles(readTitles, db)
    : new Map<string, PageTitle>();
  const issues = await readIssueSubjects(db, messages);
  return {
    folder,
    q,
    counts,
    messages: messages.map((message) => presentMessage(message, timeZone, titles, issues)),
    total,
    page,
    pageCount,
    mail: notifyTo
      ? {
          enabled: true as const,
          to: notifyTo,
          latestTest: latestTest && {
            ...latestTest,
            queuedAt: formatTime(latestTest.queuedAt, timeZone),
            sentAt: formatTime(latestTest.sentAt, timeZone),
          },
        }
      : { enabled: false as const },
  };
}
