// The activity log: every sign-in attempt and admin action with its time,
// admin, client address and target, written in the same transaction as the action it records, so
// a rolled-back action leaves no entry and a committed one always has its entry. Kept 365 days.
import type { Db } from "~/platform/db/tables.server";
import { fromZonedInput } from "~/platform/format-time";
import { type ActivityAction, activityRetentionDays } from "./activity-actions";

/** Old entries are pruned by the writes themselves, at most this often per process. */
const pruneIntervalMs = 60 * 60 * 1000;
let lastPrunedAt = 0;

/** Who made a change, from where: the activity log's admin and address. */
export type Actor = { adminId: number | null; email: string | null; address: string };

/** Changes made with `npm run admin`. */
export const commandLineActor: Actor = { adminId: null, email: null, address: "command line" };

/** A scheduled item going live by itself: the server's schedule, not an admin, did it. */
export const scheduleActor: Actor = { adminId: null, email: null, address: "schedule" };

/** Who an entry without an admin was made by, as the Activity screen names it. */
export function describeActor(entry: { adminEmail: string | null; address: string }): string {
  if (entry.adminEmail) return entry.adminEmail;
  return entry.address === scheduleActor.address || entry.address === commandLineActor.address
    ? entry.address
    : "—";
}

/** The signed-in admin behind a request, as the log records them. */
export function getActor(admin: { adminId: number; email: string }, address: string): Actor {
  return { adminId: admin.adminId, email: admin.email, address };
}

export type ActivityEntryInput = {
  action: ActivityAction;
  /** Who did it; the command line when not given. */
  actor?: Actor | undefined;
  /** What the action touched: "site content", "revision 12", an image's address, an email. */
  target?: string | undefined;
  detail?: Record<string, unknown> | undefined;
};

/** Writes one entry; pass the transaction of the action it records. */
export async function recordActivity(
  trx: Db,
  entry: ActivityEntryInput,
  now = new Date(),
): Promise<void> {
  const actor = entry.actor ?? commandLineActor;
  await trx
    .insertInto("admin_activity")
    .values({
      created_at: now.toISOString(),
      action: entry.action,
      admin_id: actor.adminId,
      admin_email: actor.email?.slice(0, 200) ?? null,
      address: actor.address.slice(0, 100),
      target: entry.target?.slice(0, 300) ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
  if (now.getTime() - lastPrunedAt > pruneIntervalMs) {
    lastPrunedAt = now.getTime();
    await pruneActivity(trx, now);
  }
}

export async function pruneActivity(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - activityRetentionDays * 24 * 60 * 60 * 1000);
  await db.deleteFrom("admin_activity").where("created_at", "<", cutoff.toISOString()).execute();
}

export type ActivityEntry = {
  id: number;
  createdAt: string;
  action: string;
  adminEmail: string | null;
  address: string;
  target: string | null;
  /** The title of the article or case study it touched, when the entry names one. */
  title: string | null;
};

/** The title an entry's detail carries, if any (older entries have none). */
function readTitle(detail: string | null): string | null {
  if (!detail) return null;
  try {
    const parsed = JSON.parse(detail) as { title?: unknown };
    return typeof parsed.title === "string" && parsed.title ? parsed.title : null;
  } catch {
    return null;
  }
}

export type ActivityFilter = {
  action?: string | undefined;
  admin?: string | undefined;
  /** ISO dates (yyyy-mm-dd), both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** The zone the dates are days of (the site's); UTC when not given. */
  timeZone?: string | undefined;
};

/** The first instant of a day (yyyy-mm-dd) in the zone, as stored times compare. */
function startOfDay(day: string, timeZone: string | undefined): string {
  return timeZone ? fromZonedInput(`${day}T00:00`, timeZone) : `${day}T00:00:00.000Z`;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export const activityPageSize = 50;

/** A page of entries, newest first, and whether older ones exist. */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  page = 1,
): Promise<{ entries: ActivityEntry[]; hasMore: boolean }> {
  let query = db.selectFrom("admin_activity").selectAll();
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.admin) query = query.where("admin_email", "=", filter.admin.toLowerCase());
  if (filter.from)
    query = query.where("created_at", ">=", startOfDay(filter.from, filter.timeZone));
  if (filter.to) {
    query = query.where("created_at", "<", startOfDay(nextDay(filter.to), filter.timeZone));
  }
  const rows = await query
    .orderBy("id", "desc")
    .limit(activityPageSize + 1)
    .offset((Math.max(1, page) - 1) * activityPageSize)
    .execute();
  return {
    entries: rows.slice(0, activityPageSize).map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      action: row.action,
      adminEmail: row.admin_email,
      address: row.address,
      target: row.target,
      title: readTitle(row.detail),
    })),
    hasMore: rows.length > activityPageSize,
  };
}

/** The emails that appear in the log, for the screen's admin filter. */
export async function listActivityAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("admin_activity")
    .select("admin_email")
    .distinct()
    .where("admin_email", "is not", null)
    .orderBy("admin_email")
    .execute();
  return rows.flatMap((row) => (row.admin_email ? [row.admin_email] : []));
}
