// Serving the rules: on the way to a render (never on a cache hit, which is answered before), the
// request's path is looked up in the rules of the current data version, held in memory (while a
// new version's are read, in the path's own rules, read for it); a match answers its 301, 302 (the
// query string passed on unless the rule drops it) or 410 and is counted; a client-side
// navigation's data request for the address gets the same, as React Router reads it. A page that
// then answers 404 is counted as missing. The renamed items' old slugs are held with the rules, so asking
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
import type { RuleCheck } from "~/platform/page-cache/cache-state.server";
import { countMissingAddress, isVisitorMiss } from "./missing-addresses.server";
import { type PageAddress, sendDataRedirect, toPagePath } from "./page-address.server";
import { countRuleHit } from "./redirect-hits.server";
import { loadRulesFor, type PageProbe, readRulesInSlices } from "./redirect-rules.server";
import { buildRuleTable, type RuleTable, toLocation } from "./redirect-table";

/** How the admin screen asks what a path answers without the rules (set by the host per request). */
export const pageProbeContext = createContext<PageProbe>();

/** The live pages' addresses, from the route table and the database (set by the host per request). */
export const livePathsContext = createContext<() => Promise<readonly string[]>>();

const goneBody = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Page removed</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1.5rem;color:#0f172a;text-align:center"><h1>This page has been removed</h1><p style="color:#475569">It is no longer on the site.</p><p><a href="/" style="color:#1d4ed8">Go to the home page</a></p></body></html>`;

/**
 * The rules as served, and what the page cache asks of them (RuleCheck): from the table held for
 * the site version, or from an answer that read an address's own rules at that version.
 */
export type RedirectServing = RuleCheck & {
  /** Answers the request when a rule matches the address it asks: true once answered. */
  answer(address: PageAddress, req: Request, res: Response): Promise<boolean>;
  /**
   * Whether a renamed item of the kind once lived at the slug, as of the rules read by the last
   * answer() (which every GET past the cache awaits first); true ("perhaps") while the newest
   * version's slugs are still being read, so the caller's own read decides.
   */
  isOldSlug(kind: string, slug: string): boolean;
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
    async answer(address, req, res) {
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
          // A removed page is loaded as a document, which says so.
          if (rule.status === 410)
            sendDataRedirect(res, passQuery(address.path, query), { reload: true });
          else sendDataRedirect(res, toLocation(rule, query), { status: rule.status });
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
      return held.table.hasQueryRule(toPagePath(url.slice(0, queryAt)));
    },
    isClearOfRules(requestPath, siteVersion) {
      const path = toPagePath(requestPath);
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
