// Serving the rules: on the way to a render (never on a cache hit, which is answered before), the
// request's path is looked up in the rules of the current data version, held in memory (while a
// new version's are read, in the path's own rules, read for it); a match answers its 301, 302 (the
// query string passed on unless the rule drops it) or 410 and is counted; a client-side
// navigation's data request for the address gets the same, as React Router reads it. A page that then answers
// 404 is counted as missing. The renamed items' old slugs are held with the rules, so asking
// whether an address is one costs no database read once they are. A rule change keeps the page
// cache's pages: it asks here, per address, whether a rule now takes it.
import type { Request, Response } from "express";
import type { Logger } from "pino";
import { createContext } from "react-router";
import { listSlugRedirects } from "~/capabilities/old-addresses/old-addresses.server";
import { getDataVersion } from "~/platform/data-version.server";
import type { Db } from "~/platform/db/tables.server";
import { isDatabaseUnavailable } from "~/platform/db/unavailable.server";
import { passQuery } from "~/platform/http/pass-query";
import { getDataRequestPage } from "~/platform/page-cache/keys.server";
import { countMissingAddress, isVisitorMiss } from "./missing-addresses.server";
import { isReservedPath } from "./redirect-address";
import { countRuleHit } from "./redirect-hits.server";
import { loadRulesFor, type PageProbe, readRulesInSlices } from "./redirect-rules.server";
import { buildRuleTable, type RedirectRule, type RuleTable, toLocation } from "./redirect-table";

/** How the admin screen asks what a path answers without the rules (set by the host per request). */
export const pageProbeContext = createContext<PageProbe>();

/** The live pages' addresses, from the route table and the database (set by the host per request). */
export const livePathsContext = createContext<() => Promise<readonly string[]>>();

const goneBody = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Page removed</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1.5rem;color:#0f172a;text-align:center"><h1>This page has been removed</h1><p style="color:#475569">It is no longer on the site.</p><p><a href="/" style="color:#1d4ed8">Go to the home page</a></p></body></html>`;

export type RedirectServing = {
  /** Answers the request when a rule matches its address: true once answered. */
  answer(req: Request, res: Response): Promise<boolean>;
  /**
   * Asked of a URL whose query the page cache would ignore: true when it must go the slower way,
   * because a rule at this site version needs its path's query (`/?page_id=42`); undefined when
   * this version's table is not held yet (the slower way then asks the path's own rules).
   */
  needsQuery(url: string, siteVersion: number): boolean | undefined;
  /**
   * Whether a renamed item of the kind once lived at the slug, as of the rules read by the last
   * answer() (which every GET past the cache awaits first); true ("perhaps") while the newest
   * version's slugs are still being read, so the caller's own read decides.
   */
  isOldSlug(kind: string, slug: string): boolean;
  /**
   * Whether no rule takes this path (asked without a query) at this site version: from the held
   * table, or from an answer that read the path's own rules at that version; undefined when
   * neither knows. The page cache asks before serving a page it kept through a rule change.
   */
  isClearOfRules(path: string, siteVersion: number): boolean | undefined;
};

type Held = { table: RuleTable; oldSlugs: ReadonlySet<string> };

/**
 * Most paths (and longest) an answer notes clear of rules while a version's table is read: the
 * table answers for all of them soon after, so a client inventing addresses grows nothing past
 * 5 MB. A path not noted is rendered, as any miss.
 */
const clearPathsMax = 10_000;
const clearPathLengthMax = 512;

const toOldSlugKey = (kind: string, slug: string) => `${kind} ${slug}`;

/** The address a rule is matched against, and whether a navigation's data request asked it. */
type RuleAddress = { path: string; query: string; data: boolean };

/**
 * A navigation's data request (`/about.data`, `/_.data` for the home page) is matched as its
 * page, without React Router's own `_routes`: a rule that takes a page takes its client-side
 * navigations too.
 */
function toRuleAddress(path: string, query: string): RuleAddress {
  const page = path.endsWith(".data") ? getDataRequestPage(path) : undefined;
  if (page === undefined) return { path, query, data: false };
  const params = new URLSearchParams(query);
  params.delete("_routes");
  return { path: page, query: params.toString(), data: true };
}

/**
 * A rule's answer to a data request, the way React Router's browser code takes a redirect from a
 * proxy: 204 naming the location (a bare 301 would be followed by fetch to the target's HTML). A
 * 410 loads the address as a document, so the visitor sees the page saying it was removed.
 */
function answerDataRequest(res: Response, rule: RedirectRule, address: RuleAddress): void {
  res.status(204).setHeader("Cache-Control", "no-store");
  if (rule.status === 410) {
    res.setHeader("X-Remix-Redirect", passQuery(address.path, address.query));
    res.setHeader("X-Remix-Reload-Document", "true");
  } else {
    res.setHeader("X-Remix-Redirect", toLocation(rule, address.query));
    res.setHeader("X-Remix-Status", String(rule.status));
  }
  res.end();
}

export function createRedirectServing({
  db,
  logger,
  networkOf,
}: {
  db: Db;
  logger: Logger;
  /** The client's network (TRUST_PROXY applied), whose share of new 404 addresses a miss takes. */
  networkOf: (req: Request) => string;
}): RedirectServing {
  let held: ({ version: number } & Held) | undefined;
  let loading: { version: number; table: Promise<Held> } | undefined;
  /** The newest data version an answer has read: the held old slugs are whole only at it. */
  let newest = -1;
  /** Paths an answer found clear of rules in their own rules, at a version not held yet. */
  let clear = { version: -1, paths: new Set<string>() };

  function noteClear(path: string, version: number): void {
    if (held?.version === version) return;
    if (clear.version !== version) clear = { version, paths: new Set() };
    if (clear.paths.size < clearPathsMax && path.length <= clearPathLengthMax)
      clear.paths.add(path);
  }

  function startLoading(version: number): void {
    const table = (async (): Promise<Held> => {
      const built = buildRuleTable([]);
      await readRulesInSlices(db, (rule) => built.add(rule));
      const renamed = await listSlugRedirects(db);
      return {
        table: built,
        oldSlugs: new Set(renamed.map((entry) => toOldSlugKey(entry.kind, entry.old_id))),
      };
    })();
    loading = { version, table };
    table.then(
      (ready) => {
        if (!held || held.version < version) held = { version, ...ready };
      },
      () => {
        if (loading?.table === table) loading = undefined;
      },
    );
  }

  /**
   * The rules that can match this address, as of the current site version: the held table, or,
   * while the table of a new version is read and indexed (10,000 rules take tens of milliseconds,
   * more under load), the address's own rules in one indexed read, so no request waits for it.
   */
  async function readRulesFor(
    path: string,
    query: string,
  ): Promise<{ table: RuleTable; version: number }> {
    const { site: version } = await getDataVersion(db, { sameBatch: true });
    newest = Math.max(newest, version);
    if (held?.version === version) return { table: held.table, version };
    // Requests after a change share one read of the whole table, for those after it.
    if (loading?.version !== version) startLoading(version);
    return { table: await loadRulesFor(db, [path], { withQuery: query !== "" }), version };
  }

  return {
    async answer(req, res) {
      if ((req.method !== "GET" && req.method !== "HEAD") || isReservedPath(req.path)) return false;
      const queryAt = req.originalUrl.indexOf("?");
      const address = toRuleAddress(
        req.path,
        queryAt === -1 ? "" : req.originalUrl.slice(queryAt + 1),
      );
      const { query } = address;
      let read: { table: RuleTable; version: number };
      try {
        read = await readRulesFor(address.path, query);
      } catch (error) {
        // The database is down: the page's own handling answers (503 or a stale copy), and the
        // outage is logged once where the circuit opens, not again for every address asked.
        if (!isDatabaseUnavailable(error)) logger.warn({ err: error }, "Redirect rules unreadable");
        return false;
      }
      const { table, version } = read;
      const rule = table.find(address.path, query);
      // None for this query, so none for the path alone: its kept page may answer it.
      if (!rule) noteClear(address.path, version);
      if (rule) {
        countRuleHit(db, rule.id, logger);
        if (address.data) {
          answerDataRequest(res, rule, address);
          return true;
        }
        if (rule.status === 410) {
          res.status(410).type("html").setHeader("Cache-Control", "no-store");
          // Its own policy: no script at all, the inline style alone.
          res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
          res.send(goneBody);
          return true;
        }
        // Browsers keep a 301 for good unless told: an hour, so a corrected rule reaches them.
        res.setHeader("Cache-Control", rule.status === 301 ? "public, max-age=3600" : "no-store");
        res.redirect(rule.status, toLocation(rule, query));
        return true;
      }
      if (req.method === "GET" && isVisitorMiss(req.path, req.headers["user-agent"])) {
        res.once("finish", () => {
          if (res.statusCode === 404) countMissingAddress(db, req.path, networkOf(req), logger);
        });
      }
      return false;
    },
    needsQuery(url, siteVersion) {
      if (held?.version !== siteVersion) return undefined;
      const queryAt = url.indexOf("?");
      if (queryAt === -1) return false;
      return held.table.hasQueryRule(toRuleAddress(url.slice(0, queryAt), "").path);
    },
    isClearOfRules(requestPath, siteVersion) {
      const { path } = toRuleAddress(requestPath, "");
      if (held?.version === siteVersion) return !held.table.find(path);
      if (clear.version === siteVersion && clear.paths.has(path)) return true;
      return undefined;
    },
    isOldSlug(kind, slug) {
      // Until the newest version's set is held, any slug may be old: the caller's read decides.
      if (held?.version !== newest) return true;
      return held.oldSlugs.has(toOldSlugKey(kind, slug));
    },
  };
}
