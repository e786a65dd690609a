// Where an address is answered with a redirect before any page renders, in this order: the
// owner's rules, the canonical path's 301, the footer's old service paths, renamed items' old
// slugs. The host calls answerRedirect once, past the page cache's hits and before its misses and
// React Router.
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { getSiteContent } from "~/features/content/site-content.server";
import type { Db } from "~/platform/db/tables.server";
import { getCanonicalPath } from "~/platform/http/canonical-path.server";
import type { RuleCheck } from "~/platform/page-cache/cache-state.server";
import { toSlug } from "~/platform/slug";
import { readPageAddress } from "./page-address.server";
import { createRedirectServing } from "./redirect-serving.server";
import { answerOldAddress, findOldAddress, type RenamedKind } from "./renamed-slugs.server";

/** The footer's old service paths, answered with 301 to the matching service. */
const legacyServicePaths = [
  "it-strategy",
  "network-security",
  "cloud-infrastructure",
  "managed-it",
];

const servicePath = /^\/services\/([^/]+)$/;

/** The stage's middleware, and what the page cache asks of the rules. */
export type RedirectAnswer = RuleCheck & {
  /** Express middleware: answers the address's redirect, or goes on. */
  answerRedirect(req: Request, res: Response, next: NextFunction): Promise<void>;
};

/** One address per page: /About/ and //about answer 301 to /about, the query string kept. */
function answerCanonicalPath(req: Request, res: Response): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  const canonical = getCanonicalPath(path);
  if (!canonical) return false;
  res.redirect(301, `${canonical}${queryAt === -1 ? "" : req.originalUrl.slice(queryAt)}`);
  return true;
}

/** The slug of an old service path asked for (the footer's former links), else undefined. */
function readLegacyServiceSlug(req: Request): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const match = servicePath.exec(req.path);
  const slug = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  return slug && legacyServicePaths.includes(slug) ? slug : undefined;
}

/** An old service path goes to the service whose slug starts with it, else to /services. */
async function answerLegacyServicePath(
  db: Db,
  logger: Logger,
  slug: string,
  res: Response,
): Promise<boolean> {
  const { content } = await getSiteContent(db, logger);
  const slugs = content.services.items.map((item) => toSlug(item.title));
  if (slugs.includes(slug)) return false;
  const target = slugs.find((candidate) => candidate.startsWith(`${slug}-`));
  res.redirect(301, target ? `/services/${target}` : "/services");
  return true;
}

export function createRedirectAnswer({
  db,
  logger,
  networkOf,
  renamedKinds,
}: {
  db: Db;
  logger: Logger;
  /** The client's network (TRUST_PROXY applied), whose share of new 404 addresses a miss takes. */
  networkOf: (req: IncomingMessage) => string;
  /** The kinds of items whose old slugs lead on after a rename (the pages say which). */
  renamedKinds: readonly RenamedKind[];
}): RedirectAnswer {
  const rules = createRedirectServing({ db, logger, networkOf });
  return {
    async answerRedirect(req, res, next) {
      try {
        // The rules before the canonical path: an old address with a trailing slash
        // (/2019/05/offer/) takes one hop to its target.
        const address = readPageAddress(req);
        if (address && (await rules.answer(address, req, res))) return;
        if (answerCanonicalPath(req, res)) return;
        // Checked before any await: every request past the cache reaches this stage.
        const legacySlug = readLegacyServiceSlug(req);
        if (legacySlug && (await answerLegacyServicePath(db, logger, legacySlug, res))) return;
        // Likewise: the old slugs are held with the rules read above.
        const old = address && findOldAddress(address, renamedKinds, rules.isOldSlug);
        if (old && (await answerOldAddress(db, logger, old, res))) return;
      } catch (error) {
        return next(error);
      }
      next();
    },
    needsQuery: rules.needsQuery,
    isClearOfRules: rules.isClearOfRules,
  };
}
