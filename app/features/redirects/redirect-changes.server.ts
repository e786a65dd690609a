// The rules' history: the latest changes (an import as one entry), listed on the redirects screen
// and in History, and their restore: the rules back as before a change, checked like a save.
import { type Selectable, sql } from "kysely";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import { markRulesChanged } from "~/platform/data-version.server";
import type { Db, Tables } from "~/platform/db/tables.server";
import type { HistoryListing } from "~/platform/history";
import { ApiError } from "~/platform/http/api.server";
import {
  type Candidate,
  checkRule,
  describeRule,
  loadRuleChecker,
  loadRulesById,
  type RuleWriter,
  readCandidate,
  ruleColumns,
  toRule,
  writeRuleChange,
} from "./redirect-rules.server";
import type { RedirectRule } from "./redirect-table";

type ChangeRow = Selectable<Tables["redirect_changes"]>;

export type RuleChange = {
  id: number;
  createdAt: string;
  author: string | null;
  action: string;
  before: string | null;
  after: string | null;
  /** How many rules an import added; 1 otherwise. */
  count: number;
  /** The change in words: "Imported 200 redirects", "Deleted /old → /new (301)". */
  summary: string;
  /** False when the rules are already as they were before the change. */
  restorable: boolean;
};

function readSnapshot(json: string | null, id: number): RedirectRule | undefined {
  return json ? toRule({ id, ...JSON.parse(json) }) : undefined;
}

const actionWords: Record<string, string> = {
  add: "Added",
  edit: "Changed",
  delete: "Deleted",
  import: "Imported",
  restore: "Restored",
};

function summarize(action: string, count: number, before: string | null, after: string | null) {
  if (action === "import" && count > 1) return `Imported ${count} redirects`;
  if (action === "restore" && !after) return `Took out ${before}`;
  return `${actionWords[action] ?? action} ${after ?? before}`;
}

const sameRule = (a: RedirectRule, b: RedirectRule) =>
  a.source === b.source &&
  a.match === b.match &&
  a.target === b.target &&
  a.status === b.status &&
  a.dropQuery === b.dropQuery;

/** The rules an import added that are still there: its lines name them. */
async function loadImportedRules(
  db: Db,
  row: Pick<ChangeRow, "created_at" | "author">,
  limit = Number.MAX_SAFE_INTEGER,
) {
  const rows = await db
    .selectFrom("redirect_rules")
    .select(ruleColumns)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("redirect_changes")
        .select("rule_id")
        .where("action", "=", "import")
        .where("created_at", "=", row.created_at)
        .where((inner) =>
          row.author === null ? inner("author", "is", null) : inner("author", "=", row.author),
        ),
    )
    .limit(limit)
    .execute();
  return rows.map(toRule);
}

/** The latest changes to the rules, newest first, in words; an import is one entry. */
export async function listRuleChanges(db: Db, limit = 20): Promise<RuleChange[]> {
  const groups = await db
    .selectFrom("redirect_changes")
    .select((eb) => [eb.fn.max("id").as("id"), eb.fn.countAll<number | string>().as("count")])
    .groupBy([
      "action",
      "created_at",
      "author",
      sql`case when action = 'import' then 0 else id end`,
    ])
    .orderBy(sql`max(id)`, "desc")
    .limit(limit)
    .execute();
  if (groups.length === 0) return [];
  const counts = new Map(groups.map((group) => [Number(group.id), Number(group.count)]));
  const rows = await db
    .selectFrom("redirect_changes")
    .selectAll()
    .where("id", "in", [...counts.keys()])
    .orderBy("id", "desc")
    .execute();
  const rules = await loadRulesById(
    db,
    rows.flatMap((row) => (row.rule_id === null ? [] : [row.rule_id])),
  );
  const current = new Map(rules.map((rule) => [rule.id, rule]));
  const words = (json: string | null) => {
    const rule = readSnapshot(json, 0);
    return rule ? describeRule(rule) : null;
  };
  return Promise.all(
    rows.map(async (row) => {
      let restorable: boolean;
      if (row.action === "import") {
        // One rule still there is enough to say so.
        restorable = (await loadImportedRules(db, row, 1)).length > 0;
      } else {
        const was = readSnapshot(row.before, row.rule_id ?? 0);
        const now = current.get(row.rule_id ?? 0);
        restorable = was && now ? !sameRule(was, now) : Boolean(was || now);
      }
      const count = counts.get(row.id) ?? 1;
      const before = words(row.before);
      const after = words(row.after);
      return {
        id: row.id,
        createdAt: row.created_at,
        author: row.author,
        action: row.action,
        before,
        after,
        count,
        summary: summarize(row.action, count, before, after),
        restorable,
      };
    }),
  );
}

const nothingToRestore =
  "Nothing to restore: the rules are already as they were before that change.";

/** Takes out the rules an import added that are still there, as one change of the owner's. */
async function restoreImport(db: Db, row: ChangeRow, actor: Actor): Promise<string> {
  const added = await loadImportedRules(db, row);
  if (added.length === 0) throw new ApiError(409, nothingToRestore);
  const now = new Date().toISOString();
  const what = `${added.length} imported redirect${added.length === 1 ? "" : "s"}`;
  await db.transaction().execute(async (trx) => {
    for (const rule of added) {
      await writeRuleChange(trx, { action: "restore", actor, before: rule, after: undefined, now });
    }
    await recordActivity(trx, {
      action: "redirect-restore",
      actor,
      target: what,
      detail: { removed: added.length },
    });
    await markRulesChanged(trx);
  });
  return `Restored: the ${what} were taken out.`;
}

/**
 * Puts the rules back as they were before a change: re-adds a deleted rule (under its old id),
 * undoes an edit, takes out an added rule, or an import's rules. Refused like a save.
 */
export async function restoreRuleChange(
  db: Db,
  changeId: number,
  { actor, livePages, ownHosts }: RuleWriter,
): Promise<string> {
  const row = await db
    .selectFrom("redirect_changes")
    .selectAll()
    .where("id", "=", changeId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, "That change is not in the history: reload the page");
  if (row.action === "import") return restoreImport(db, row, actor);
  const id = row.rule_id ?? 0;
  const checker = await loadRuleChecker(db, ownHosts);
  const current = checker.table.get(id);
  let wanted: Candidate | undefined;
  if (row.before) {
    const read = readCandidate(id, JSON.parse(row.before), ownHosts);
    if ("error" in read) throw new ApiError(422, read.error);
    wanted = read;
  }
  if (wanted ? current && sameRule(wanted.rule, current) : !current) {
    throw new ApiError(409, nothingToRestore);
  }
  if (wanted) {
    checkRule(wanted, {
      checker,
      moved: current?.source !== wanted.rule.source || current?.match !== wanted.rule.match,
      confirmShadow: false,
      livePages,
      shadowHint: 'To hide it anyway, add the rule with the form and tick "Hide the page".',
    });
  }
  const now = new Date().toISOString();
  const after = wanted?.rule;
  await db.transaction().execute(async (trx) => {
    await writeRuleChange(trx, { action: "restore", actor, before: current, after, now });
    const shown = after ?? current;
    await recordActivity(trx, {
      action: "redirect-restore",
      actor,
      target: shown ? describeRule(shown) : "",
    });
    await markRulesChanged(trx);
  });
  return after
    ? `Restored: ${describeRule(after)}.`
    : `Restored: the redirect from ${current?.source} was taken out.`;
}

/** The rules' changes in History, each opening the redirects screen's list to restore it. */
export const redirectHistory: HistoryListing = {
  id: "redirects",
  label: "Redirects",
  async list(db, limit) {
    const changes = await listRuleChanges(db, limit);
    return changes.map((change, index) => ({
      kind: "redirects",
      kindLabel: "Redirects",
      id: change.id,
      version: change.id,
      createdAt: change.createdAt,
      author: change.author,
      events: [change.summary],
      changed: [],
      isCurrent: index === 0,
      href: "/admin/redirects#changes",
    }));
  },
};
