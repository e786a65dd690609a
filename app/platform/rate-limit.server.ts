// Rate limits kept in the database (they survive a restart and are shared by every server
// process). A key names what is limited and for whom, e.g. "contact:<network hash>". Counts are
// kept per fixed window, and a hit is weighed against a sliding window (the previous window's
// count, scaled by how much of it still overlaps), so a burst across a window's edge is still
// limited at the rule's count, not twice it.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { getClientNetwork } from "./client-network.server";
import type { Db } from "./db/tables.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Counts one hit for key and says whether it is within the rule. */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = now - (now % rule.windowMs);
  const previousStart = windowStart - rule.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const previousRow = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", previousStart)
    .executeTakeFirst();
  const previous = Number(previousRow?.count ?? 0);
  // Windows before the previous one are of no further use; dropping them now and then keeps the
  // table small.
  if (count === 1) {
    await db
      .deleteFrom("rate_limits")
      .where("key", "=", key)
      .where("window_start", "<", previousStart)
      .execute();
  }
  const elapsed = now - windowStart;
  const weighed = previous * (1 - elapsed / rule.windowMs) + count;
  return {
    allowed: weighed <= rule.limit,
    remaining: Math.max(0, Math.floor(rule.limit - weighed)),
    retryAfterSeconds: Math.max(
      1,
      Math.ceil(getWaitMs(rule, { elapsed, previous, current: count }) / 1000),
    ),
  };
}

/** How long until one more hit fits the rule, if no other hit comes first. */
function getWaitMs(
  rule: RateLimitRule,
  hits: { elapsed: number; previous: number; current: number },
): number {
  const room = rule.limit - hits.current - 1;
  if (room >= 0 && hits.previous > 0) {
    // Still in this window, once enough of the previous one has slid out of it.
    const fitsAt = rule.windowMs * (1 - room / hits.previous);
    if (fitsAt < rule.windowMs) return Math.max(0, fitsAt - hits.elapsed);
  } else if (room >= 0) return 0;
  // In the next window, once enough of this one has slid out of it.
  const nextRoom = rule.limit - 1;
  const fitsNext = hits.current <= nextRoom ? 0 : rule.windowMs * (1 - nextRoom / hits.current);
  return rule.windowMs - hits.elapsed + fitsNext;
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
