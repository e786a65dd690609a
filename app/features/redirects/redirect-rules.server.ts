// The redirect rules' store: list, add, edit, delete and import, each refused when it would make a
// loop, a chain of two hops or (unconfirmed) hide a live page; every change is one history entry
// and one activity entry, written with the change, and drops the kept pages everywhere.
import type { Transaction } from "kysely";
import { serviceRedirectKind } from "~/features/content/service-addresses.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import { dropRedirects, listSlugRedirects } from "~/platform/db/slug-redirects.server";
import type { Db, Tables } from "~/platform/db/tables.server";
import { ApiError } from "~/platform/http/api.server";
import { passQuery } from "~/platform/http/pass-query";
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
  type RedirectRule,
  type RuleTable,
  splitTarget,
  toLocation,
} from "./redirect-table";

/** Answers the status a path gets from the site's pages alone, rules aside (200: a live page). */
export type PageProbe = (path: string) => Promise<number>;

/** Where each kind of automatic redirect lives: the old address's folder. */
const automaticFolders: Record<string, string> = {
  article: kindTexts.article.publicPrefix,
  "case-study": kindTexts["case-study"].publicPrefix,
  page: kindTexts.page.publicPrefix,
  [serviceRedirectKind]: "/services/",
};

export type RuleRow = RedirectRule & { hits: number; lastHitAt: string | null; updatedAt: string };
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

const ruleColumns = ["id", "source", "match", "target", "status", "drop_query"] as const;

/** Every rule, for the lookup table. */
export async function loadRules(db: Db | Transaction<Tables>): Promise<RedirectRule[]> {
  const rows = await db.selectFrom("redirect_rules").select(ruleColumns).execute();
  return rows.map(toRule);
}

/** Every rule with its hits, most used first. */
export async function listRules(db: Db): Promise<RuleRow[]> {
  const rows = await db
    .selectFrom("redirect_rules")
    .selectAll()
    .orderBy("hits", "desc")
    .orderBy("source")
    .execute();
  return rows.map((row) => ({
    ...toRule(row),
    hits: Number(row.hits),
    lastHitAt: row.last_hit_at,
    updatedAt: row.updated_at,
  }));
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
  const parsed = parseTarget(rule.target, ownHosts);
  return "internal" in parsed && parsed.internal ? parsed.target : undefined;
}

function findTarget(table: RuleTable, target: string): RedirectRule | undefined {
  const { path, query } = splitTarget(target);
  return table.find(path, query);
}

/**
 * Why a rule cannot stand among the others (the table holds it and them), or undefined: every
 * redirect takes one hop, and none comes back to where it started.
 */
export function findHopProblem(
  rule: RedirectRule,
  table: RuleTable,
  automatic: ReadonlyMap<string, string>,
  ownHosts: OwnHosts,
): string | undefined {
  const target = readInternalTarget(rule, ownHosts);
  if (target !== undefined) {
    const { path, query } = splitTarget(target);
    const next = table.find(path, query);
    if (next?.id === rule.id) {
      return `${describeRule(rule)} would send the address to itself: a loop.`;
    }
    if (next) {
      const nextTarget = readInternalTarget(next, ownHosts);
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
  for (const other of table.rules) {
    const otherTarget = other.id === rule.id ? undefined : readInternalTarget(other, ownHosts);
    if (otherTarget === undefined) continue;
    if (findTarget(table, otherTarget)?.id !== rule.id) continue;
    return `The rule ${describeRule(other)} points at this address: it would take two hops. Change that rule first.`;
  }
  return undefined;
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
async function shadowsLivePage(candidate: Candidate, probe: PageProbe): Promise<boolean> {
  if (candidate.query) return false;
  return (await probe(candidate.rule.source)) === 200;
}

function toSnapshot(rule: RedirectRule | undefined): string | null {
  if (!rule) return null;
  const { source, match, target, status, dropQuery } = rule;
  return JSON.stringify({ source, match, target, status, dropQuery });
}

async function recordChange(
  trx: Transaction<Tables>,
  change: {
    action: RuleChangeAction | "import";
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
 * unconfirmed (moved: its address is new); `rules` are all the rules as they are now.
 */
export async function checkRule(
  db: Db,
  candidate: Candidate,
  {
    rules,
    moved,
    confirmShadow,
    probe,
    shadowHint,
    ownHosts,
  }: {
    rules: readonly RedirectRule[];
    moved: boolean;
    confirmShadow: boolean;
    probe: PageProbe;
    shadowHint: string;
    ownHosts: OwnHosts;
  },
): Promise<void> {
  const rule = candidate.rule;
  const others = rules.filter((other) => other.id !== rule.id);
  const twin = others.find((other) => other.source === rule.source && other.match === rule.match);
  if (twin) {
    const message = `There is already a rule for ${rule.source}: ${describeRule(twin)}. Edit that one.`;
    throw new ApiError(422, message, { errors: { source: message } });
  }
  const problem = findHopProblem(
    rule,
    buildRuleTable([...others, rule]),
    await loadAutomaticTargets(db),
    ownHosts,
  );
  if (problem) throw new ApiError(422, problem, { errors: { target: problem } });
  if (moved && !confirmShadow && (await shadowsLivePage(candidate, probe))) {
    const message = `${rule.source} is a live page of the site: this rule would hide it from visitors. ${shadowHint}`;
    throw new ApiError(409, message, { errors: { confirmShadow: message } });
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

/** Where a rule change comes from: who, what a path answers, and the site's own hosts. */
export type RuleWriter = { actor: Actor; probe: PageProbe; ownHosts: OwnHosts };

/**
 * Adds a rule, or changes one (input.id); refused with the reason, nothing written. Answers the
 * rule saved and the automatic redirects it replaces.
 */
export async function saveRule(
  db: Db,
  input: RedirectRuleInput,
  { actor, probe, ownHosts }: RuleWriter,
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
  const rules = await loadRules(db);
  const before = input.id === undefined ? undefined : rules.find((rule) => rule.id === input.id);
  if (input.id !== undefined && !before)
    throw new ApiError(404, "That rule is gone: reload the page");
  const rule = candidate.rule;
  await checkRule(db, candidate, {
    rules,
    moved: before?.source !== rule.source || before?.match !== rule.match,
    confirmShadow: input.confirmShadow === "on",
    probe,
    shadowHint: 'Tick "Hide the page" to add it anyway.',
    ownHosts,
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
    await markDataChanged(trx, "redirects");
    return written;
  });
  return { rule: saved, replaced };
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
    await markDataChanged(trx, "redirects");
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

/**
 * Imports the good lines in one transaction (all or none of them); a bad line is reported with its
 * number and left out. Each line is judged, in order, against the rules there and the lines
 * accepted before it: a refused line is never in the way of another.
 */
export async function importRules(
  db: Db,
  lines: readonly ImportLine[],
  {
    actor,
    probe,
    ownHosts,
    errors: parseErrors,
  }: RuleWriter & { errors: Array<{ line: number; message: string }> },
): Promise<ImportReport> {
  const errors = [...parseErrors];
  const replaced: ImportReport["replaced"] = [];
  const existing = await loadRules(db);
  const taken = new Map(
    existing.map((rule) => [`${rule.match} ${rule.source}`, describeRule(rule)]),
  );
  const [automaticList, automatic] = await Promise.all([
    listAutomaticRedirects(db),
    loadAutomaticTargets(db),
  ]);
  const accepted: Array<Candidate & { line: number }> = [];
  for (const line of lines) {
    const candidate = readCandidate(-line.line, line, ownHosts);
    if ("error" in candidate) {
      errors.push({ line: line.line, message: candidate.error });
      continue;
    }
    const key = `${candidate.rule.match} ${candidate.rule.source}`;
    const twin = taken.get(key);
    if (twin) {
      errors.push({
        line: line.line,
        message: `${candidate.rule.source} already has a rule: ${twin}`,
      });
      continue;
    }
    const table = buildRuleTable([...existing, ...accepted.map((c) => c.rule), candidate.rule]);
    const problem = findHopProblem(candidate.rule, table, automatic, ownHosts);
    if (problem) {
      errors.push({ line: line.line, message: problem });
      continue;
    }
    if (await shadowsLivePage(candidate, probe)) {
      errors.push({
        line: line.line,
        message: `${candidate.rule.source} is a live page of the site: add this rule on its own to confirm hiding it`,
      });
      continue;
    }
    const replacing = describeReplaced(findReplaced(candidate.rule, automaticList));
    if (replacing) replaced.push({ line: line.line, message: replacing });
    taken.set(key, `line ${line.line}`);
    accepted.push({ ...candidate, line: line.line });
  }
  errors.sort((a, b) => a.line - b.line);
  if (accepted.length === 0) return { imported: 0, errors, replaced };
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { rule } of accepted) {
      const inserted = await insertRule(trx, rule, now);
      await recordChange(trx, {
        action: "import",
        actor,
        after: inserted,
        now,
      });
    }
    await recordActivity(trx, {
      action: "redirect-import",
      actor,
      target: `${accepted.length} redirect${accepted.length === 1 ? "" : "s"}`,
      detail: { imported: accepted.length, refused: errors.length },
    });
    await markDataChanged(trx, "redirects");
  });
  return { imported: accepted.length, errors, replaced };
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
  const rule = buildRuleTable(await loadRules(db)).find(parsed.address.path, parsed.address.query);
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
