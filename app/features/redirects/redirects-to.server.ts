// The redirect rules that end at an address, as the delete dialog of a page lists them: deleting
// the page leaves each of them ending on "page not found".
import type { Db } from "~/platform/db/tables.server";
import { normalizePath, parseTarget } from "./redirect-address";
import { describeRule, loadRules } from "./redirect-rules.server";
import { splitTarget } from "./redirect-table";

/** The rules whose target is the path on this site (its query aside), described as the screen does. */
export async function listRulesEndingAt(
  db: Db,
  path: string,
): Promise<{ label: string; href: string }[]> {
  const wanted = normalizePath(path);
  return (await loadRules(db))
    .filter((rule) => {
      if (rule.status === 410) return false;
      const target = parseTarget(rule.target);
      return (
        "internal" in target &&
        target.internal &&
        normalizePath(splitTarget(target.target).path) === wanted
      );
    })
    .map((rule) => ({ label: describeRule(rule), href: "/admin/redirects" }));
}
