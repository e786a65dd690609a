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

/** A path and the paths above it, nearest first ("/a/b", "/a"); "/" only for itself. */
export function listPathAncestry(path: string): string[] {
  if (path === "/") return [path];
  const ancestry: string[] = [];
  for (let at = path; at.length > 0; at = at.slice(0, at.lastIndexOf("/"))) ancestry.push(at);
  return ancestry;
}

export type RuleTable = {
  /** The rule for a request's path and query (as they came), if any. */
  find(path: string, query?: string): RedirectRule | undefined;
  /** True when some rule needs this path's query: a page kept for the path alone is not the answer. */
  hasQueryRule(path: string): boolean;
  /** Adds a rule, or puts it in place of the one with its id. */
  add(rule: RedirectRule): void;
  remove(id: number): void;
  get(id: number): RedirectRule | undefined;
  /** The rule kept for this source and match (its twin), if any. */
  findSource(source: string, match: MatchKind): RedirectRule | undefined;
  readonly size: number;
};

/**
 * The rules indexed by source: a lookup costs the path's depth, whatever the number of rules, and
 * adding or removing one rule costs as little, so an import judges each line in constant time.
 */
export function buildRuleTable(rules: readonly RedirectRule[]): RuleTable {
  const byId = new Map<number, RedirectRule>();
  const exact = new Map<string, Indexed[]>();
  const prefixes = new Map<string, RedirectRule[]>();

  function take(id: number) {
    const rule = byId.get(id);
    if (!rule) return;
    byId.delete(id);
    if (rule.match === "prefix") {
      const list = (prefixes.get(rule.source) ?? []).filter((each) => each.id !== id);
      if (list.length > 0) prefixes.set(rule.source, list);
      else prefixes.delete(rule.source);
      return;
    }
    const path = splitSource(rule.source).path;
    const list = (exact.get(path) ?? []).filter((entry) => entry.rule.id !== id);
    if (list.length > 0) exact.set(path, list);
    else exact.delete(path);
  }

  function add(rule: RedirectRule) {
    take(rule.id);
    byId.set(rule.id, rule);
    if (rule.match === "prefix") {
      prefixes.set(rule.source, [...(prefixes.get(rule.source) ?? []), rule]);
      return;
    }
    const { path, pairs } = splitSource(rule.source);
    const list = exact.get(path) ?? [];
    list.push({ rule, pairs });
    // The rule needing the most query pairs is tried first.
    list.sort((a, b) => b.pairs.length - a.pairs.length);
    exact.set(path, list);
  }

  for (const rule of rules) add(rule);
  return {
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
      // The longest prefix first: the path itself, then each folder above it.
      for (const at of listPathAncestry(path)) {
        const rule = prefixes.get(at)?.[0];
        if (rule) return rule;
      }
      return undefined;
    },
    hasQueryRule: (path) =>
      exact.get(normalizePath(path))?.some((entry) => entry.pairs.length > 0) ?? false,
    add,
    remove: take,
    get: (id) => byId.get(id),
    findSource(source, match) {
      if (match === "prefix") return prefixes.get(source)?.[0];
      return exact.get(splitSource(source).path)?.find((entry) => entry.rule.source === source)
        ?.rule;
    },
    get size() {
      return byId.size;
    },
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
