// Rate limits kept in the database (they survive a restart and are shared by every server
// process). A key names what is limited and for whom, e.g. "contact:<network hash>". A rule allows
// `limit` requests in any `windowMs` (a sliding window, kept as one row per instant with hits), so
// a burst across a clock boundary gets no more than the rule, and the wait is never longer than
// the window.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { getClientNetwork } from "./client-network.server";
import type { Db } from "./db/tables.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Counts one hit for key and says whether it is within the rule; a refused hit is not kept. */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = now - rule.windowMs;
  // Kept first and counted after, so two requests at once cannot both take the last place.
  await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }),
    )
    .execute();
  const hits = await db
    .selectFrom("rate_limits")
    .select(["window_start", "count"])
    .where("key", "=", key)
    .where("window_start", ">", windowStart)
    .orderBy("window_start")
    .execute();
  const counted = hits.reduce((sum, hit) => sum + Number(hit.count), 0);
  const allowed = counted <= rule.limit;
  if (!allowed) {
    await db
      .updateTable("rate_limits")
      .set({ count: sql`rate_limits.count - 1` })
      .where("key", "=", key)
      .where("window_start", "=", now)
      .execute();
  }
  // Hits older than the window count no more.
  await db
    .deleteFrom("rate_limits")
    .where("key", "=", key)
    .where("window_start", "<=", windowStart)
    .execute();
  const kept = allowed ? counted : counted - 1;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - kept),
    retryAfterSeconds: Math.ceil(getWaitMs(rule, hits, kept, now) / 1000),
  };
}

/** How long until one more hit fits: until enough of the oldest kept hits leave the window. */
function getWaitMs(
  rule: RateLimitRule,
  hits: { window_start: number; count: number }[],
  kept: number,
  now: number,
): number {
  let toLeave = kept - (rule.limit - 1);
  for (const hit of hits) {
    if (toLeave <= 0) break;
    toLeave -= Number(hit.count);
    if (toLeave <= 0) return Math.max(1000, Number(hit.window_start) + rule.windowMs - now);
  }
  return 0;
}

/** Clears a key's counters (e.g. failed logins after a successful one). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** A client address as stored or used in keys: hashed, so the database keeps no raw IPs. */
export function hashClientIp(ip: string): string {
  return createHash("sha256").update(`site-ip:${ip}`).digest("hex").slice(0, 32);
}

/**
 * The key of one kind of request ("contact", "newsletter", "login") from one client network: the
 * whole IPv6 /64 shares one allowance, as one IPv4 address does.
 */
export function getNetworkRateLimitKey(scope: string, clientIp: string): string {
  return `${scope}:${hashClientIp(getClientNetwork(clientIp))}`;
}
