// Hits on redirects, counted in memory and written in batches: a redirect answered costs no write
// of its own. Both kinds are counted here, the owner's rules and the renamed items' old addresses.
import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";

type Pending = { hits: number; lastHitAt: string };

/** The owner's rules by id; the automatic redirects by "kind old-slug". */
type HitCounts = { rules: Map<number, Pending>; slugs: Map<string, Pending> };

/** Written at least this often while hits come in. */
const flushIntervalMs = 5000;
/** Distinct redirects held before a write is due anyway, so memory stays bounded. */
const maxPending = 500;

const counts = new WeakMap<Db, HitCounts>();
/** The write under way: a flush waits for it, so what it returns to has been written. */
const writing = new WeakMap<Db, Promise<void>>();
const timers = new WeakMap<Db, NodeJS.Timeout>();

function countsOf(db: Db): HitCounts {
  let held = counts.get(db);
  if (!held) {
    held = { rules: new Map(), slugs: new Map() };
    counts.set(db, held);
  }
  return held;
}

function add<K>(map: Map<K, Pending>, key: K, now: string) {
  const pending = map.get(key);
  if (pending) {
    pending.hits++;
    pending.lastHitAt = now;
  } else map.set(key, { hits: 1, lastHitAt: now });
}

function schedule(db: Db, logger: Logger | undefined) {
  const held = countsOf(db);
  if (held.rules.size + held.slugs.size >= maxPending) {
    void flushRedirectHits(db).catch((error) => logger?.warn({ err: error }, "Hits not written"));
    return;
  }
  if (timers.has(db)) return;
  const timer = setTimeout(() => {
    timers.delete(db);
    flushRedirectHits(db).catch((error) => logger?.warn({ err: error }, "Hits not written"));
  }, flushIntervalMs);
  timer.unref();
  timers.set(db, timer);
}

/** Counts one answer of the owner's rule. */
export function countRuleHit(db: Db, ruleId: number, logger?: Logger): void {
  add(countsOf(db).rules, ruleId, new Date().toISOString());
  schedule(db, logger);
}

/** Counts one answer of an old address of a renamed item. */
export function countSlugHit(db: Db, kind: string, oldSlug: string, logger?: Logger): void {
  add(countsOf(db).slugs, `${kind} ${oldSlug}`, new Date().toISOString());
  schedule(db, logger);
}

/** Writes the hits counted so far; a failed write keeps them for the next one. */
export async function flushRedirectHits(db: Db): Promise<void> {
  const previous = writing.get(db);
  if (previous) await previous.catch(() => {});
  const write = writeHits(db);
  writing.set(db, write);
  try {
    await write;
  } finally {
    if (writing.get(db) === write) writing.delete(db);
  }
}

async function writeHits(db: Db): Promise<void> {
  const held = countsOf(db);
  if (held.rules.size === 0 && held.slugs.size === 0) return;
  const taken: HitCounts = { rules: held.rules, slugs: held.slugs };
  held.rules = new Map();
  held.slugs = new Map();
  try {
    await db.transaction().execute(async (trx) => {
      for (const [id, pending] of taken.rules) {
        await trx
          .updateTable("redirect_rules")
          .set((eb) => ({ hits: eb("hits", "+", pending.hits), last_hit_at: pending.lastHitAt }))
          .where("id", "=", id)
          .execute();
      }
      for (const [key, pending] of taken.slugs) {
        const [kind = "", oldSlug = ""] = key.split(" ");
        await trx
          .updateTable("publication_redirects")
          .set((eb) => ({ hits: eb("hits", "+", pending.hits), last_hit_at: pending.lastHitAt }))
          .where("kind", "=", kind)
          .where("old_id", "=", oldSlug)
          .execute();
      }
    });
  } catch (error) {
    for (const [id, pending] of taken.rules) merge(held.rules, id, pending);
    for (const [key, pending] of taken.slugs) merge(held.slugs, key, pending);
    throw error;
  }
}

function merge<K>(map: Map<K, Pending>, key: K, pending: Pending) {
  const current = map.get(key);
  if (!current) map.set(key, pending);
  else {
    current.hits += pending.hits;
    if (pending.lastHitAt > current.lastHitAt) current.lastHitAt = pending.lastHitAt;
  }
}
