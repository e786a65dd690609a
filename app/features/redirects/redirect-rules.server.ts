// The redirect rules' store: list, add, edit, delete and import, each refused when it would make a
// loop, a chain of two hops or (unconfirmed) hide a live page; every change is one history entry
// and one activity entry, written with the change, and drops the kept pages everywhere.
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { sql, type Transaction } from "kysely";
import {
  dropRedirects,
  listSlugRedirects,
} from "~/capabilities/old-addresses/old-addresses.server";
import { serviceRedirectKind } from "~/features/content/service-addresses.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import { getDataVersion, markDataChanged, markRulesChanged } from "~/platform/data-version.server";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db, Tables } from "~/platform/db/tables.server";
import { ApiError } from "~/platform/http/api.server";
import { passQuery } from "~/platform/http/pass-query";
import { toSearchPatterns } from "~/platform/search-text";
import {
  formatSource,
  type MatchKind,
  normalizePath,
  type OwnHosts,
  parseSource,
  parseTarget,
  type RedirectRuleInput,
  type RedirectStatus,
} from "./redirect-address";
import {
  buildRuleTable,
  listPathAncestry,
  type RedirectRule,
  type RuleTable,
  splitTarget,
  toLocation,
} from "./redirect-table";

/** Answers the status a path gets from the site's pages alone, rules aside (200: a live page). */
export type PageProbe = (path: string) => Promise<number>;

/**
 * True when a path is a live page of the site (a route's fixed address, a published record's or
 * a built page's), read from the route table and the database: nothing is rendered to know.
 */
export type LivePages = (path: string) => boolean;

export function toLivePages(paths: readonly string[]): LivePages {
  const live = new Set(paths.map(normalizePath));
  return (path) => live.has(normalizePath(path));
}

/** Where each kind of automatic redirect lives: the old address's folder. */
const automaticFolders: Record<string, string> = {
  article: kindTexts.article.publicPrefix,
  "case-study": kindTexts["case-study"].publicPrefix,
  page: kindTexts.page.publicPrefix,
  [serviceRedirectKind]: "/services/",
};

export type RuleRow = RedirectRule & { hits: number; lastHitAt: string | null };
export type AutomaticRedirect = {
  /** The renamed item's kind and old slug: what names the redirect to remove it. */
  kind: string;
  oldId: string;
  source: string;
  target: string;
  hits: number;
  lastHitAt: string | null;
};

/** A rule as stored or as a history entry keeps it (entries before drop_query have none). */
export function toRule(row: {
  id: number;
  source: string;
  match: string;
  target: string;
  status: number;
  drop_query?: number | boolean | undefined;
  dropQuery?: boolean | undefined;
}): RedirectRule {
  return {
    id: row.id,
    source: row.source,
    match: row.match === "prefix" ? "prefix" : "exact",
    target: row.target,
    status: (row.status === 302 || row.status === 410 ? row.status : 301) as RedirectStatus,
    dropQuery: Boolean(row.dropQuery ?? Number(row.drop_query ?? 0)),
  };
}

export const ruleColumns = ["id", "source", "match", "target", "status", "drop_query"] as const;

/** The rules with these ids that are still there. */
export async function loadRulesById(db: Db, ids: readonly number[]): Promise<RedirectRule[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("redirect_rules")
    .select(ruleColumns)
    .where("id", "in", [...ids])
    .execute();
  return rows.map(toRule);
}

/** A page of the rules, and how many match the search. */
export type RulePage = { rows: RuleRow[]; total: number };

/**
 * One page of the rules whose source or target holds every word searched, most used first: the
 * screen never holds more than a page, however many rules there are.
 */
export async function listRules(
  db: Db,
  {
    search = "",
    limit = 50,
    offset = 0,
  }: { search?: string; limit?: number; offset?: number } = {},
): Promise<RulePage> {
  const matching = db
    .selectFrom("redirect_rules")
    .where((eb) =>
      eb.and(
        toSearchPatterns(search).map((pattern) =>
          eb.or([
            sql<boolean>`lower(${eb.ref("source")}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${eb.ref("target")}) like ${pattern} escape '\\'`,
          ]),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy("hits", "desc")
      .orderBy("source")
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...toRule(row),
      hits: Number(row.hits),
      lastHitAt: row.last_hit_at,
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * The rules that could answer these paths: exact ones for the path (`withQuery`: those that also
 * name a query, "/old?page_id=42") and prefix ones for it or a folder above it, read through the
 * index on (match, source) rather than the whole table.
 */
export async function loadRulesFor(
  db: Db,
  paths: readonly string[],
  { withQuery = false } = {},
): Promise<RuleTable> {
  const exact = [...new Set(paths.map(normalizePath))];
  const folders = [...new Set(exact.flatMap(listPathAncestry))];
  if (exact.length === 0) return buildRuleTable([]);
  const rows = await db
    .selectFrom("redirect_rules")
    .select(ruleColumns)
    .where((eb) =>
      eb.or([
        eb.and([eb("match", "=", "exact"), eb("source", "in", exact)]),
        eb.and([eb("match", "=", "prefix"), eb("source", "in", folders)]),
        ...(withQuery
          ? exact.map((path) =>
              eb.and([
                eb("match", "=", "exact"),
                eb(sql`substr(source, 1, ${path.length + 1})`, "=", `${path}?`),
              ]),
            )
          : []),
      ]),
    )
    .execute();
  return buildRuleTable(rows.map(toRule));
}

/** The renamed items' old addresses, as the screen lists them. */
export async function listAutomaticRedirects(db: Db): Promise<AutomaticRedirect[]> {
  const rows = await listSlugRedirects(db);
  return rows.flatMap((row) => {
    const folder = automaticFolders[row.kind];
    if (!folder) return [];
    return [
      {
        kind: row.kind,
        oldId: row.old_id,
        source: `${folder}${row.old_id}`,
        target: `${folder}${row.new_id}`,
        hits: Number(row.hits),
        lastHitAt: row.last_hit_at,
      },
    ];
  });
}

async function loadAutomaticTargets(db: Db): Promise<Map<string, string>> {
  const automatic = await listAutomaticRedirects(db);
  return new Map(automatic.map((entry) => [normalizePath(entry.source), entry.target]));
}

/** A rule as a person reads it: "/old → /new (301)", "/old → /new (301, query left off)". */
export function describeRule(
  rule: Pick<RedirectRule, "source" | "match" | "target" | "status"> & { dropQuery?: boolean },
) {
  const source = rule.match === "prefix" ? `${rule.source}/*` : rule.source;
  if (rule.status === 410) return `${source} (410 Gone)`;
  return `${source} → ${rule.target} (${rule.status}${rule.dropQuery ? ", query left off" : ""})`;
}

/** The path a rule sends to on this site, or undefined for another site's address or a 410. */
function readInternalTarget(rule: RedirectRule, ownHosts: OwnHosts): string | undefined {
  if (rule.status === 410) return undefined;
  // A path, or another site's address: known without parsing (the rule was checked when saved).
  if (rule.target.startsWith("/") && !rule.target.startsWith("//")) return rule.target;
  const host = /^https?:\/\/(?:www\.)?([^/?#:]+)/i.exec(rule.target)?.[1]?.toLowerCase();
  if (host !== undefined && !ownHosts.has(host)) return undefined;
  const parsed = parseTarget(rule.target, ownHosts);
  return "internal" in parsed && parsed.internal ? parsed.target : undefined;
}

/** The lower-case path an internal target sends to, read without a URL parser. */
function readTargetPath(target: string): string {
  const end = target.search(/[?#]/);
  return normalizePath(end === -1 ? target : target.slice(0, end));
}

function findTarget(table: RuleTable, target: string): RedirectRule | undefined {
  const { path, query } = splitTarget(target);
  return table.find(path, query);
}

/**
 * The rules indexed both ways, by source (which rule answers an address) and by target (which
 * rules send to an address), so one rule is checked against all the others in constant time.
 */
export type RuleChecker = {
  readonly table: RuleTable;
  /** The site's own hosts the targets were read with. */
  readonly ownHosts: OwnHosts;
  /** Adds a rule to the index, or puts it in place of the one with its id. */
  put(rule: RedirectRule): void;
  remove(id: number): void;
  /**
   * Why a rule cannot stand among the others (in place of the one with its id), or undefined:
   * every redirect takes one hop, and none comes back to where it started.
   */
  findProblem(rule: RedirectRule): string | undefined;
};

function addPointer(index: Map<string, Set<number>>, key: string, id: number) {
  const ids = index.get(key);
  if (ids) ids.add(id);
  else index.set(key, new Set([id]));
}

export function createRuleChecker(
  rules: readonly RedirectRule[],
  automatic: ReadonlyMap<string, string>,
  ownHosts: OwnHosts,
): RuleChecker {
  const table = buildRuleTable([]);
  // A rule's target as a path of this site (read once), and the rules sending to each path:
  // `toPath` by the exact path, `toFolder` by the path and each folder above it.
  const targets = new Map<number, string | undefined>();
  const toPath = new Map<string, Set<number>>();
  const toFolder = new Map<string, Set<number>>();

  function remove(id: number) {
    const target = targets.get(id);
    targets.delete(id);
    table.remove(id);
    if (target === undefined) return;
    const path = readTargetPath(target);
    toPath.get(path)?.delete(id);
    for (const folder of listPathAncestry(path)) toFolder.get(folder)?.delete(id);
  }

  function put(rule: RedirectRule) {
    remove(rule.id);
    table.add(rule);
    const target = readInternalTarget(rule, ownHosts);
    targets.set(rule.id, target);
    if (target === undefined) return;
    const path = readTargetPath(target);
    addPointer(toPath, path, rule.id);
    for (const folder of listPathAncestry(path)) addPointer(toFolder, folder, rule.id);
  }

  function judge(rule: RedirectRule): string | undefined {
    const target = targets.get(rule.id);
    if (target !== undefined) {
      const { path, query } = splitTarget(target);
      const next = table.find(path, query);
      if (next?.id === rule.id) {
        return `${describeRule(rule)} would send the address to itself: a loop.`;
      }
      if (next) {
        const nextTarget = targets.get(next.id);
        const back = nextTarget !== undefined && findTarget(table, nextTarget);
        if (back && back.id === rule.id) {
          return `${describeRule(rule)} and the rule ${describeRule(next)} would send visitors round in a loop.`;
        }
        const instead = next.status === 410 ? "" : ` Point it at ${next.target} instead.`;
        return `${rule.target} is itself redirected by the rule ${describeRule(next)}: two hops.${instead}`;
      }
      const renamed = automatic.get(normalizePath(path));
      if (renamed) {
        return `${rule.target} is an old address that already redirects to ${renamed}: two hops. Point it at ${renamed} instead.`;
      }
    }
    // Only the rules sending to this rule's address can come to it.
    const sourcePath = rule.source.split("?")[0] ?? rule.source;
    const senders = (rule.match === "prefix" ? toFolder : toPath).get(sourcePath) ?? [];
    for (const id of senders) {
      const otherTarget = id === rule.id ? undefined : targets.get(id);
      const other = table.get(id);
      if (otherTarget === undefined || !other) continue;
      if (findTarget(table, otherTarget)?.id !== rule.id) continue;
      return `The rule ${describeRule(other)} points at this address: it would take two hops. Change that rule first.`;
    }
    return undefined;
  }

  for (const rule of rules) put(rule);
  return {
    table,
    ownHosts,
    put,
    remove,
    findProblem(rule) {
      const before = table.get(rule.id);
      put(rule);
      try {
        return judge(rule);
      } finally {
        remove(rule.id);
        if (before) put(before);
      }
    },
  };
}

export type Candidate = { rule: RedirectRule; query: string };

/** A rule from the form's or a CSV line's fields, or the message of what is wrong. */
export function readCandidate(
  id: number,
  fields: {
    source: string;
    match?: MatchKind;
    target: string;
    status: RedirectStatus;
    dropQuery?: boolean | undefined;
  },
  ownHosts: OwnHosts = new Set(),
): Candidate | { error: string; field: "source" | "target" } {
  const source = parseSource(fields.source, fields.match);
  if ("error" in source) return { error: source.error, field: "source" };
  let target = "";
  if (fields.status !== 410) {
    if (!fields.target) return { error: "Enter where the address goes", field: "target" };
    const parsed = parseTarget(fields.target, ownHosts);
    if ("error" in parsed) return { error: parsed.error, field: "target" };
    target = parsed.target;
  }
  return {
    rule: {
      id,
      source: formatSource(source.address),
      match: source.match,
      target,
      status: fields.status,
      dropQuery: fields.status !== 410 && fields.dropQuery === true,
    },
    query: source.address.query,
  };
}

/** The automatic redirects a rule answers first: it replaces them while it stands. */
export function findReplaced(
  rule: RedirectRule,
  automatic: readonly AutomaticRedirect[],
): AutomaticRedirect[] {
  const table = buildRuleTable([rule]);
  return automatic.filter((entry) => table.find(entry.source));
}

/** "It replaces the automatic redirect /blog/old → /blog/new." for the answer, or "". */
export function describeReplaced(replaced: readonly AutomaticRedirect[]): string {
  if (replaced.length === 0) return "";
  const list = replaced.map((entry) => `${entry.source} → ${entry.target}`).join(", ");
  return replaced.length === 1
    ? `It replaces the automatic redirect ${list}.`
    : `It replaces the automatic redirects ${list}.`;
}

/** True when the address is a live page now: a rule there would hide it. Query rules never do. */
function shadowsLivePage(candidate: Candidate, livePages: LivePages): boolean {
  if (candidate.query) return false;
  return livePages(candidate.rule.source);
}

function toSnapshot(rule: RedirectRule | undefined): string | null {
  if (!rule) return null;
  const { source, match, target, status, dropQuery } = rule;
  return JSON.stringify({ source, match, target, status, dropQuery });
}

async function recordChange(
  trx: Transaction<Tables>,
  change: {
    action: RuleChangeAction;
    actor: Actor;
    before?: RedirectRule | undefined;
    after?: RedirectRule | undefined;
    now: string;
  },
) {
  await trx
    .insertInto("redirect_changes")
    .values({
      created_at: change.now,
      author: change.actor.email,
      action: change.action,
      rule_id: change.after?.id ?? change.before?.id ?? null,
      before: toSnapshot(change.before),
      after: toSnapshot(change.after),
    })
    .execute();
}

async function insertRule(
  trx: Transaction<Tables>,
  rule: RedirectRule,
  now: string,
): Promise<RedirectRule> {
  const { source, match, target, status } = rule;
  const inserted = await trx
    .insertInto("redirect_rules")
    // A restored rule comes back under its old id, so its older changes still name it.
    .values({
      ...(rule.id > 0 ? { id: rule.id } : {}),
      source,
      match,
      target,
      status,
      drop_query: rule.dropQuery ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...rule, id: Number(inserted.id) };
}

const activityOf = {
  add: "redirect-add",
  edit: "redirect-edit",
  delete: "redirect-delete",
} as const;

/**
 * Refuses a rule that would repeat another's address, loop, take two hops or hide a live page
 * unconfirmed (moved: its address is new); `checker` holds all the rules as they are now.
 */
export function checkRule(
  candidate: Candidate,
  {
    checker,
    moved,
    confirmShadow,
    livePages,
    shadowHint,
  }: {
    checker: RuleChecker;
    moved: boolean;
    confirmShadow: boolean;
    livePages: LivePages;
    shadowHint: string;
  },
): void {
  const rule = candidate.rule;
  const twin = checker.table.findSource(rule.source, rule.match);
  if (twin && twin.id !== rule.id) {
    const message = `There is already a rule for ${rule.source}: ${describeRule(twin)}. Edit that one.`;
    throw new ApiError(422, message, { errors: { source: message } });
  }
  const problem = checker.findProblem(rule);
  if (problem) throw new ApiError(422, problem, { errors: { target: problem } });
  if (moved && !confirmShadow && shadowsLivePage(candidate, livePages)) {
    const message = `${rule.source} is a live page of the site: this rule would hide it from visitors. ${shadowHint}`;
    throw new ApiError(409, message, { errors: { confirmShadow: message } });
  }
}

/** Rules read, and indexed, between two turns of the event loop. */
const indexSlice = 2000;

/**
 * Every rule in the checker's index, with the automatic redirects' addresses: read by id and
 * indexed a slice at a time, giving the event loop back between slices.
 */
export async function loadRuleChecker(db: Db, ownHosts: OwnHosts): Promise<RuleChecker> {
  const checker = createRuleChecker([], await loadAutomaticTargets(db), ownHosts);
  await readRulesInSlices(db, (rule) => checker.put(rule));
  return checker;
}

/**
 * Every rule, a slice at a time, the event loop given back between slices. On PostgreSQL one read
 * brings them all (waiting for it blocks nothing, and each slice's round trip cost more than its
 * rows: 15,000 rules in 8 reads 38-86 ms, in one 22-33 ms); only indexing them goes in slices.
 */
export async function readRulesInSlices(db: Db, take: (rule: RedirectRule) => void): Promise<void> {
  if (getDialectName(db) === "postgres") {
    const rows = await db.selectFrom("redirect_rules").select(ruleColumns).orderBy("id").execute();
    for (let at = 0; at < rows.length; at += indexSlice) {
      if (at > 0) await yieldToLoop();
      for (const row of rows.slice(at, at + indexSlice)) take(toRule(row));
    }
    return;
  }
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom("redirect_rules")
      .select(ruleColumns)
      .where("id", ">", after)
      .orderBy("id")
      .limit(indexSlice)
      .execute();
    for (const row of rows) take(toRule(row));
    if (rows.length < indexSlice) return;
    after = Number(rows.at(-1)?.id ?? after);
    await yieldToLoop();
  }
}

export type RuleChangeAction = "add" | "edit" | "delete" | "restore";

/**
 * Writes one rule change in the caller's transaction: the rule goes from `before` to `after`
 * (absent: no rule), with its history entry. The caller marks the data changed, once.
 */
export async function writeRuleChange(
  trx: Transaction<Tables>,
  change: {
    action: RuleChangeAction;
    actor: Actor;
    before: RedirectRule | undefined;
    after: RedirectRule | undefined;
    now: string;
  },
): Promise<RedirectRule | undefined> {
  const { before, after, now } = change;
  let saved = after;
  if (before && after) {
    await trx
      .updateTable("redirect_rules")
      .set({
        source: after.source,
        match: after.match,
        target: after.target,
        status: after.status,
        drop_query: after.dropQuery ? 1 : 0,
        updated_at: now,
      })
      .where("id", "=", before.id)
      .execute();
    saved = { ...after, id: before.id };
  } else if (after) {
    saved = await insertRule(trx, after, now);
  } else if (before) {
    await trx.deleteFrom("redirect_rules").where("id", "=", before.id).execute();
  }
  await recordChange(trx, { ...change, after: saved });
  return saved;
}

/** Where a rule change comes from: who, the site's live pages, and the site's own hosts. */
export type RuleWriter = { actor: Actor; livePages: LivePages; ownHosts: OwnHosts };

/**
 * Adds a rule, or changes one (input.id); refused with the reason, nothing written. Answers the
 * rule saved and the automatic redirects it replaces.
 */
export async function saveRule(
  db: Db,
  input: RedirectRuleInput,
  { actor, livePages, ownHosts }: RuleWriter,
): Promise<{ rule: RedirectRule; replaced: AutomaticRedirect[] }> {
  const candidate = readCandidate(
    input.id ?? -1,
    {
      source: input.source,
      match: input.match,
      target: input.target,
      status: input.status,
      dropQuery: input.dropQuery === "on",
    },
    ownHosts,
  );
  if ("error" in candidate) {
    throw new ApiError(422, candidate.error, { errors: { [candidate.field]: candidate.error } });
  }
  const { site: version } = await getDataVersion(db);
  const checker = await readHeldChecker(db, version, ownHosts);
  const before = input.id === undefined ? undefined : checker.table.get(input.id);
  if (input.id !== undefined && !before)
    throw new ApiError(404, "That rule is gone: reload the page");
  const rule = candidate.rule;
  checkRule(candidate, {
    checker,
    moved: before?.source !== rule.source || before?.match !== rule.match,
    confirmShadow: input.confirmShadow === "on",
    livePages,
    shadowHint: 'Tick "Hide the page" to add it anyway.',
  });
  const replaced = findReplaced(rule, await listAutomaticRedirects(db));
  const now = new Date().toISOString();
  const saved = await db.transaction().execute(async (trx) => {
    const action = before ? "edit" : "add";
    const written = await writeRuleChange(trx, { action, actor, before, after: rule, now });
    if (!written) throw new Error("A saved rule is missing");
    await recordActivity(trx, {
      action: activityOf[action],
      actor,
      target: describeRule(written),
    });
    await markRulesChanged(trx);
    return written;
  });
  await holdChecker(db, checker, version, saved);
  return { rule: saved, replaced };
}

/**
 * The index the last save left, per database: the next save uses it while the data version says
 * nothing changed since (in any process), so a save does not read every rule again.
 */
const heldCheckers = new WeakMap<Db, { version: number; hosts: string; checker: RuleChecker }>();

const describeHosts = (ownHosts: OwnHosts) => [...ownHosts].sort().join(" ");

async function readHeldChecker(db: Db, version: number, ownHosts: OwnHosts) {
  const held = heldCheckers.get(db);
  if (held?.version === version && held.hosts === describeHosts(ownHosts)) return held.checker;
  heldCheckers.delete(db);
  return loadRuleChecker(db, ownHosts);
}

/** Keeps the index with the saved rule in it, if the save was the only change since it was read. */
async function holdChecker(db: Db, checker: RuleChecker, version: number, saved: RedirectRule) {
  checker.put(saved);
  const { site: now } = await getDataVersion(db);
  const hosts = describeHosts(checker.ownHosts);
  if (now === version + 1) heldCheckers.set(db, { version: now, hosts, checker });
  else heldCheckers.delete(db);
}

/**
 * Removes a renamed item's automatic redirect (its old address then answers as any other): one
 * activity entry, the kept pages dropped everywhere.
 */
export async function deleteAutomaticRedirect(
  db: Db,
  entry: { kind: string; oldId: string },
  actor: Actor,
): Promise<AutomaticRedirect> {
  const found = (await listAutomaticRedirects(db)).find(
    (automatic) => automatic.kind === entry.kind && automatic.oldId === entry.oldId,
  );
  if (!found) throw new ApiError(404, "That automatic redirect is gone already");
  await db.transaction().execute(async (trx) => {
    await dropRedirects(trx, found.kind, { from: found.oldId });
    await recordActivity(trx, {
      action: "redirect-automatic-delete",
      actor,
      target: `${found.source} → ${found.target}`,
    });
    // Old slugs are not asked by the page cache's rule check: every kept page goes.
    await markDataChanged(trx, "redirects");
  });
  return found;
}

export async function deleteRule(db: Db, id: number, actor: Actor): Promise<RedirectRule> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("redirect_rules")
      .select(ruleColumns)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, "That rule is gone already");
    const before = toRule(row);
    const now = new Date().toISOString();
    await writeRuleChange(trx, { action: "delete", actor, before, after: undefined, now });
    await recordActivity(trx, { action: "redirect-delete", actor, target: describeRule(before) });
    await markRulesChanged(trx);
    return before;
  });
}

/** One line of an import: its number in the file and its fields. */
export type ImportLine = {
  line: number;
  source: string;
  target: string;
  status: RedirectStatus;
  match?: MatchKind;
  dropQuery?: boolean;
};
export type ImportReport = {
  imported: number;
  errors: Array<{ line: number; message: string }>;
  /** The lines that replace an automatic redirect, in words. */
  replaced: Array<{ line: number; message: string }>;
};

/** Lines judged, and lines written, between two turns of the event loop: each well under 50 ms. */
const judgeSlice = 200;
const writeSlice = 50;

/**
 * Judges each line, in order, against the rules there and the lines accepted before it (a refused
 * line is never in the way of another), then writes the good ones; a bad line is reported with its
 * number and left out. Both run in slices that give the event loop back between them, and the
 * writes go one transaction a slice, all under one time and author: one entry in the history.
 */
export async function importRules(
  db: Db,
  lines: readonly ImportLine[],
  {
    actor,
    livePages,
    ownHosts,
    errors: parseErrors,
  }: RuleWriter & { errors: Array<{ line: number; message: string }> },
): Promise<ImportReport> {
  const errors = [...parseErrors];
  const replaced: ImportReport["replaced"] = [];
  const [checker, automaticList] = await Promise.all([
    loadRuleChecker(db, ownHosts),
    listAutomaticRedirects(db),
  ]);
  const acceptedAt = new Map<string, number>();
  const accepted: Array<Candidate & { line: number }> = [];
  for (const [index, line] of lines.entries()) {
    if (index > 0 && index % judgeSlice === 0) await yieldToLoop();
    const candidate = readCandidate(-line.line, line, ownHosts);
    if ("error" in candidate) {
      errors.push({ line: line.line, message: candidate.error });
      continue;
    }
    const { rule } = candidate;
    const twinLine = acceptedAt.get(`${rule.match} ${rule.source}`);
    const twin = checker.table.findSource(rule.source, rule.match);
    if (twin) {
      errors.push({
        line: line.line,
        message: `${rule.source} already has a rule: ${twinLine ? `line ${twinLine}` : describeRule(twin)}`,
      });
      continue;
    }
    const problem = checker.findProblem(rule);
    if (problem) {
      errors.push({ line: line.line, message: problem });
      continue;
    }
    if (shadowsLivePage(candidate, livePages)) {
      errors.push({
        line: line.line,
        message: `${rule.source} is a live page of the site: add this rule on its own to confirm hiding it`,
      });
      continue;
    }
    const replacing = describeReplaced(findReplaced(rule, automaticList));
    if (replacing) replaced.push({ line: line.line, message: replacing });
    checker.put(rule);
    acceptedAt.set(`${rule.match} ${rule.source}`, line.line);
    accepted.push({ ...candidate, line: line.line });
  }
  errors.sort((a, b) => a.line - b.line);
  if (accepted.length === 0) return { imported: 0, errors, replaced };
  const imported = await writeImport(db, accepted, { actor, refused: errors.length });
  if (imported < accepted.length) {
    const stoppedAt = accepted[imported]?.line ?? 0;
    errors.push({
      line: stoppedAt,
      message: `The import stopped here: this line and the ${accepted.length - imported - 1} good lines after it were not written. Import the file again to add them.`,
    });
    errors.sort((a, b) => a.line - b.line);
  }
  return { imported, errors, replaced };
}

/**
 * Writes the accepted lines 50 at a time, each slice its own transaction, so the one SQLite
 * connection is never held for the whole file; the activity entry and the data change come with
 * the last slice written. A slice that fails (another admin took an address meanwhile) stops the
 * import there: the slices before it stay, as the answer says. Answers how many were written.
 */
async function writeImport(
  db: Db,
  accepted: ReadonlyArray<Candidate & { line: number }>,
  { actor, refused }: { actor: Actor; refused: number },
): Promise<number> {
  const now = new Date().toISOString();
  let written = 0;
  const finish = async (trx: Transaction<Tables>, count: number) => {
    await recordActivity(trx, {
      action: "redirect-import",
      actor,
      target: `${count} redirect${count === 1 ? "" : "s"}`,
      detail: { imported: count, refused },
    });
    await markRulesChanged(trx);
  };
  try {
    for (let from = 0; from < accepted.length; from += writeSlice) {
      if (from > 0) await yieldToLoop();
      const slice = accepted.slice(from, from + writeSlice);
      const last = from + writeSlice >= accepted.length;
      await db.transaction().execute(async (trx) => {
        const inserted: RedirectRule[] = [];
        for (const { rule } of slice) inserted.push(await insertRule(trx, rule, now));
        await trx
          .insertInto("redirect_changes")
          .values(
            inserted.map((rule) => ({
              created_at: now,
              author: actor.email,
              action: "import",
              rule_id: rule.id,
              before: null,
              after: toSnapshot(rule),
            })),
          )
          .execute();
        if (last) await finish(trx, written + slice.length);
      });
      written += slice.length;
    }
  } catch (error) {
    if (written === 0) throw error;
    await db.transaction().execute((trx) => finish(trx, written));
  }
  return written;
}

/** Where an address goes, in words: the rule, the renamed item's redirect, the page or a 404. */
export type AddressVerdict = {
  address: string;
  status: number;
  location?: string | undefined;
  because: string;
};

export async function testAddress(db: Db, raw: string, probe: PageProbe): Promise<AddressVerdict> {
  const parsed = parseSource(raw);
  if ("error" in parsed)
    throw new ApiError(422, parsed.error, { errors: { address: parsed.error } });
  const address = formatSource(parsed.address);
  const rules = await loadRulesFor(db, [parsed.address.path], { withQuery: true });
  const rule = rules.find(parsed.address.path, parsed.address.query);
  if (rule) {
    return {
      address,
      status: rule.status,
      location: rule.status === 410 ? undefined : toLocation(rule, parsed.address.query),
      because: `The rule ${describeRule(rule)}`,
    };
  }
  const renamed = (await loadAutomaticTargets(db)).get(parsed.address.path);
  if (renamed) {
    return {
      address,
      status: 301,
      location: passQuery(renamed, parsed.address.query),
      because: "An item's old address after a rename (automatic)",
    };
  }
  const status = await probe(address);
  const because =
    status === 200
      ? "A page of the site"
      : status === 404
        ? "Nothing: the visitor sees the 404 page"
        : `The site answers ${status}`;
  return { address, status, because };
}
