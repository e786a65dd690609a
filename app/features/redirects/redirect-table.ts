// The rules as a lookup table: which rule answers a path and query. Exact rules with a query
// first (the most specific), then exact paths, then the longest prefix.
import { passQuery } from "~/platform/http/pass-query";
import {
  type MatchKind,
  normalizePath,
  normalizeQuery,
  type RedirectStatus,
} from "./redirect-address";

export type RedirectRule = {
  id: number;
  /** As kept: `/old`, `/?page_id=42`. */
  source: string;
  match: MatchKind;
  target: string;
  status: RedirectStatus;
  /** The visitor's query string is not passed on (it is by default). */
  dropQuery: boolean;
};

type Indexed = { rule: RedirectRule; pairs: string[] };

function splitSource(source: string): { path: string; pairs: string[] } {
  const queryAt = source.indexOf("?");
  if (queryAt === -1) return { path: source, pairs: [] };
  const query = source.slice(queryAt + 1);
  return { path: source.slice(0, queryAt), pairs: query ? query.split("&") : [] };
}

export type RuleTable = {
  /** The rule for a request's path and query (as they came), if any. */
  find(path: string, query?: string): RedirectRule | undefined;
  /** True when some rule needs this path's query: a page kept for the path alone is not the answer. */
  hasQueryRule(path: string): boolean;
  readonly rules: readonly RedirectRule[];
};

export function buildRuleTable(rules: readonly RedirectRule[]): RuleTable {
  const exact = new Map<string, Indexed[]>();
  const prefixes: RedirectRule[] = [];
  for (const rule of rules) {
    if (rule.match === "prefix") {
      prefixes.push(rule);
      continue;
    }
    const { path, pairs } = splitSource(rule.source);
    const list = exact.get(path) ?? [];
    list.push({ rule, pairs });
    // The rule needing the most query pairs is tried first.
    list.sort((a, b) => b.pairs.length - a.pairs.length);
    exact.set(path, list);
  }
  prefixes.sort((a, b) => b.source.length - a.source.length);
  const queryPaths = new Set(
    [...exact].filter(([, list]) => list.some((entry) => entry.pairs.length > 0)).map(([p]) => p),
  );
  return {
    rules,
    find(rawPath, rawQuery = "") {
      const path = normalizePath(rawPath);
      const list = exact.get(path);
      if (list) {
        const given = list.some((entry) => entry.pairs.length > 0)
          ? new Set(normalizeQuery(rawQuery).split("&"))
          : undefined;
        const found = list.find((entry) => entry.pairs.every((pair) => given?.has(pair)));
        if (found) return found.rule;
      }
      return prefixes.find((rule) => path === rule.source || path.startsWith(`${rule.source}/`));
    },
    hasQueryRule: (path) => queryPaths.has(normalizePath(path)),
  };
}

/** The path and query of an internal target, to look it up as a request would be. */
export function splitTarget(target: string): { path: string; query: string } {
  const url = new URL(target, "http://site.invalid");
  return { path: url.pathname, query: url.search.slice(1) };
}

/**
 * Where a rule sends a request with this query: its target, with the visitor's query passed on
 * (but for the pairs the rule matched on) unless the rule drops it.
 */
export function toLocation(rule: RedirectRule, query: string): string {
  if (rule.dropQuery) return rule.target;
  return passQuery(rule.target, query, new Set(splitSource(rule.source).pairs));
}
