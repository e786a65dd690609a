// Fixed-window rate limits kept in the database (they survive a restart and are shared by every
// server process). A key names what is limited and for whom, e.g. "contact:<network hash>".
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
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // Old windows are of no further use; dropping them now and then keeps the table small.
  if (count === 1) {
    await db
      .deleteFrom("rate_limits")
      .where("key", "=", key)
      .where("window_start", "<", windowStart)
      .execute();
  }
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
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
