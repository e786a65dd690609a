// The redirect rules that end at an address, as the delete dialog of a page lists them: deleting
// the page leaves each of them ending on "page not found".
import { sql } from "kysely";
import type { Db } from "~/platform/db/tables.server";
import { normalizePath, parseTarget } from "./redirect-address";
import { describeRule, ruleColumns, toRule } from "./redirect-rules.server";
import { splitTarget } from "./redirect-table";

/** The rules whose target is the path on this site (its query aside), described as the screen does. */
export async function listRulesEndingAt(
  db: Db,
  path: string,
): Promise<{ label: string; href: string }[]> {
  const wanted = normalizePath(path);
  // The database narrows to targets that start with the path (a slash or a query may follow);
  // the few it returns are then compared as the rules read them.
  const rows = await db
    .selectFrom("redirect_rules")
    .select(ruleColumns)
    .where("status", "!=", 410)
    .where(sql<string>`substr(lower(target), 1, ${wanted.length})`, "=", wanted)
    .limit(200)
    .execute();
  return rows
    .map(toRule)
    .filter((rule) => {
      const target = parseTarget(rule.target);
      return (
        "internal" in target &&
        target.internal &&
        normalizePath(splitTarget(target.target).path) === wanted
      );
    })
    .map((rule) => ({ label: describeRule(rule), href: "/admin/redirects" }));
}
