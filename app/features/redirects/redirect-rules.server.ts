// The redirect rules' store: list, add, edit, delete and import, each refused when it would make a
// loop, a chain of two hops or (unconfirmed) hide a live page; every change is one history entry
// and one activity entry, written with the change, and drops the kept pages everywhere.
import type { Transaction } from "kysely";
import { serviceRedirectKind } from "~/features/content/service-addresses.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import { listSlugRedirects } from "~/platform/db/slug-redirects.server";
import type { Db, Tables } from "~/platform/db/tables.server";
import { ApiError } from "~/platform/http/api.server";
import {
  formatSource,
  type MatchKind,
  normalizePath,
  parseSource,
  parseTarget,
  type RedirectRuleInput,
  type RedirectStatus,
} from "./redirect-address";
import { buildRuleTable, type RedirectRule, type RuleTable, splitTarget } from "./redirect-table";

/** Answers the status a path gets from the site's pages alone, rules aside (200: a live page). */
export type PageProbe = (path: string) => Promise<number>;

/** Where each kind of automatic redirect lives: the old address's folder. */
const automaticFolders: Record<string, string> = {
  article: kindTexts.article.publicPrefix,
  "case-study": kindTexts["case-study"].publicPrefix,
  [serviceRedirectKind]: "/services/",
};

export type RuleRow = RedirectRule & { hits: number; lastHitAt: string | null; updatedAt: string };
export type AutomaticRedirect = {
  source: string;
  target: string;
  hits: number;
  lastHitAt: string | null;
};

export function toRule(row: {
  id: number;
  source: string;
  match: string;
  target: string;
  status: number;
}): RedirectRule {
  return {
    id: row.id,
    source: row.source,
    match: row.match === "prefix" ? "prefix" : "exact",
    target: row.target,
    status: (row.status === 302 || row.status === 410 ? row.status : 301) as RedirectStatus,
  };
}

/** Every rule, for the lookup table. */
export async function loadRules(db: Db | Transaction<Tables>): Promise<RedirectRule[]> {
  const rows = await db
    .selectFrom("redirect_rules")
    .select(["id", "source", "match", "target", "status"])
    .execute();
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

/** A rule as a person reads it: "/old → /new (301)". */
export function describeRule(rule: Pick<RedirectRule, "source" | "match" | "target" | "status">) {
  const source = rule.match === "prefix" ? `${rule.source}/*` : rule.source;
  return rule.status === 410
    ? `${source} (410 Gone)`
    : `${source} → ${rule.target} (${rule.status})`;
}

function isInternal(rule: RedirectRule): boolean {
  return rule.status !== 410 && parseTarget(rule.target)?.internal === true;
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
): string | undefined {
  if (isInternal(rule)) {
    const { path, query } = splitTarget(rule.target);
    const next = table.find(path, query);
    if (next?.id === rule.id) {
      return `${describeRule(rule)} would send the address to itself: a loop.`;
    }
    if (next) {
      const back = isInternal(next) && findTarget(table, next.target);
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
    if (other.id === rule.id || !isInternal(other)) continue;
    if (findTarget(table, other.target)?.id !== rule.id) continue;
    return `The rule ${describeRule(other)} points at this address: it would take two hops. Change that rule first.`;
  }
  return undefined;
}

export type Candidate = { rule: RedirectRule; query: string };

/** A rule from the form's or a CSV line's fields, or the message of what is wrong. */
export function readCandidate(
  id: number,
  fields: { source: string; match?: MatchKind; target: string; status: RedirectStatus },
): Candidate | { error: string; field: "source" | "target" } {
  const source = parseSource(fields.source, fields.match);
  if ("error" in source) return { error: source.error, field: "source" };
  let target = "";
  if (fields.status !== 410) {
    const parsed = parseTarget(fields.target);
    if (!parsed) {
      return {
        error: fields.target
          ? `"${fields.target}" is not a path of this site (starting with /) or an http(s) address`
          : "Enter where the address goes",
        field: "target",
      };
    }
    target = parsed.target;
  }
  return {
    rule: {
      id,
      source: formatSource(source.address),
      match: source.match,
      target,
      status: fields.status,
    },
    query: source.address.query,
  };
}

/** True when the address is a live page now: a rule there would hide it. Query rules never do. */
async function shadowsLivePage(candidate: Candidate, probe: PageProbe): Promise<boolean> {
  if (candidate.query) return false;
  return (await probe(candidate.rule.source)) === 200;
}

function toSnapshot(rule: RedirectRule | undefined): string | null {
  if (!rule) return null;
  const { source, match, target, status } = rule;
  return JSON.stringify({ source, match, target, status });
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
  }: {
    rules: readonly RedirectRule[];
    moved: boolean;
    confirmShadow: boolean;
    probe: PageProbe;
    shadowHint: string;
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

/** Adds a rule, or changes one (input.id); refused with the reason, nothing written. */
export async function saveRule(
  db: Db,
  input: RedirectRuleInput,
  { actor, probe }: { actor: Actor; probe: PageProbe },
): Promise<RedirectRule> {
  const candidate = readCandidate(input.id ?? -1, {
    source: input.source,
    match: input.match,
    target: input.target,
    status: input.status,
  });
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
  });
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const action = before ? "edit" : "add";
    const saved = await writeRuleChange(trx, { action, actor, before, after: rule, now });
    if (!saved) throw new Error("A saved rule is missing");
    await recordActivity(trx, { action: activityOf[action], actor, target: describeRule(saved) });
    await markDataChanged(trx, "redirects");
    return saved;
  });
}

export async function deleteRule(db: Db, id: number, actor: Actor): Promise<RedirectRule> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("redirect_rules")
      .select(["id", "source", "match", "target", "status"])
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
};
export type ImportReport = { imported: number; errors: Array<{ line: number; message: string }> };

/**
 * Imports the good lines in one transaction (all or none of them); a bad line is reported with its
 * number and left out. Checked against the rules there and the file's other lines.
 */
export async function importRules(
  db: Db,
  lines: readonly ImportLine[],
  {
    actor,
    probe,
    errors: parseErrors,
  }: { actor: Actor; probe: PageProbe; errors: ImportReport["errors"] },
): Promise<ImportReport> {
  const errors = [...parseErrors];
  const existing = await loadRules(db);
  const taken = new Map(
    existing.map((rule) => [`${rule.match} ${rule.source}`, describeRule(rule)]),
  );
  const candidates: Array<Candidate & { line: number }> = [];
  for (const line of lines) {
    const candidate = readCandidate(-line.line, line);
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
    taken.set(key, `line ${line.line}`);
    candidates.push({ ...candidate, line: line.line });
  }
  const table = buildRuleTable([...existing, ...candidates.map((c) => c.rule)]);
  const automatic = await loadAutomaticTargets(db);
  const good: typeof candidates = [];
  for (const candidate of candidates) {
    const problem = findHopProblem(candidate.rule, table, automatic);
    if (problem) errors.push({ line: candidate.line, message: problem });
    else if (await shadowsLivePage(candidate, probe)) {
      errors.push({
        line: candidate.line,
        message: `${candidate.rule.source} is a live page of the site: add this rule on its own to confirm hiding it`,
      });
    } else good.push(candidate);
  }
  errors.sort((a, b) => a.line - b.line);
  if (good.length === 0) return { imported: 0, errors };
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { rule } of good) {
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
      target: `${good.length} redirect${good.length === 1 ? "" : "s"}`,
      detail: { imported: good.length, refused: errors.length },
    });
    await markDataChanged(trx, "redirects");
  });
  return { imported: good.length, errors };
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
      location: rule.status === 410 ? undefined : rule.target,
      because: `The rule ${describeRule(rule)}`,
    };
  }
  const renamed = (await loadAutomaticTargets(db)).get(parsed.address.path);
  if (renamed) {
    return {
      address,
      status: 301,
      location: renamed,
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
