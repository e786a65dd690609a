// The /r/ redirect of a newsletter copy's link: answered at once from one indexed read (302 to
// the link, its query kept, the site's own links with the issue as source and campaign), the
// click kept in a bounded queue and written after, in batches, with the human checks applied.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { prepareQuery } from "~/platform/db/prepared-query.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { withDefaultPolicy } from "~/platform/http/security-headers.server";
import { readUserAgentStart } from "~/platform/user-agent";
import { getNewsletterCampaign, newsletterSource } from "~/platform/visits/visit-attribution";
import { type PendingClick, writeClicks } from "./click-store.server";
import { type ClickTimings, defaultClickTimings } from "./human-click";
import { readClickToken } from "./tracked-links";

export type ClickRecorderOptions = {
  db: Db;
  logger: Logger;
  /** The site's address (SITE_URL): links to it get the issue as source and campaign. */
  siteUrl: string;
  /** The security headers every answer carries, for the answers sent ahead of Express. */
  baseHeaders: Record<string, string>;
  /** The human checks' hand-over delay and burst window (tests make them short). */
  timings?: Partial<ClickTimings>;
  /** How often the queue is written; 1 s. */
  flushMs?: number;
  now?: () => number;
};

export type ClickRecorder = {
  /** Express handler of GET and HEAD /r/:token. */
  answer(req: Request, res: Response, next: NextFunction): Promise<void>;
  /**
   * Answers GET or HEAD /r/<token> on Node's own request, ahead of Express (the front door):
   * false when the path is not a link's as written or the database could not be read, for
   * Express's stage to answer it (its error page included).
   */
  answerFromFrontDoor(req: IncomingMessage, res: ServerResponse): false | Promise<boolean>;
  /** Writes what is queued (tests call it instead of waiting for the timer). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is queued: at shutdown. */
  stop(): Promise<void>;
};

/** Clicks queued at most; past it (a flood, the database away) new ones are not counted. */
const maxQueued = 10_000;
/**
 * A copy's clicks queued at most between two writes: a person clicks a few links, so a copy
 * followed more often than this in a second is a machine's, and the rest of it is not kept.
 */
const maxQueuedPerCopy = 50;
/** Clicks per write: a few bound values each, well within either database's limit. */
const batchSize = 200;

const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head><body><h1>Link not found</h1><p>This link is no longer valid.</p></body></html>`;

/** The headers of an answer sent ahead of Express, which sets them for its own answers. */
type HeaderList = readonly string[];

function refuse(res: ServerResponse, headers: HeaderList) {
  res.writeHead(404, [
    ...headers,
    "Content-Type",
    "text/html; charset=utf-8",
    "Cache-Control",
    "no-store",
    "Content-Length",
    String(Buffer.byteLength(notFoundPage)),
  ]);
  res.end(notFoundPage);
}

/**
 * Where a click goes: the link as a URL (so the Location header holds only what a header may),
 * with the issue as source and campaign when it leads to the site itself; undefined when the
 * stored link is no URL.
 */
export function readTarget(url: string, siteHost: string, newsletterId: number) {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  if (target.host !== siteHost || target.searchParams.has("utm_source")) return target.href;
  target.searchParams.set("utm_source", newsletterSource);
  target.searchParams.set("utm_medium", "email");
  target.searchParams.set("utm_campaign", getNewsletterCampaign(newsletterId));
  return target.href;
}

/**
 * The token of a plain /r/<token> path, query aside; undefined for anything else (an encoded
 * character, a further segment), which Express's stage answers as it always did.
 */
function readFrontDoorToken(url: string): string | undefined {
  if (!url.startsWith("/r/")) return undefined;
  const end = url.indexOf("?");
  const token = url.slice(3, end === -1 ? undefined : end);
  return /^[A-Za-z0-9_-]+$/.test(token) ? token : undefined;
}

export function createClickRecorder(options: ClickRecorderOptions): ClickRecorder {
  const { db, logger } = options;
  const siteHost = new URL(options.siteUrl).host;
  const timings = { ...defaultClickTimings, ...options.timings };
  const now = options.now ?? Date.now;
  const queue: PendingClick[] = [];
  const queuedPerCopy = new Map<string, number>();
  // One write at a time, so a burst split over two batches is still seen whole.
  let writing = Promise.resolve();

  async function writeQueued() {
    queuedPerCopy.clear();
    while (queue.length > 0) {
      try {
        await writeClicks(db, queue.splice(0, batchSize), timings);
      } catch (error) {
        logDatabaseError(logger, error, "Newsletter clicks not written");
      }
      // A turn of the event loop between batches, for the redirects waiting meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function flush(): Promise<void> {
    writing = writing.then(writeQueued);
    return writing;
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? 1_000);
  timer.unref();

  // The one read of a click, compiled once: only its two values change (docs/decisions/070).
  const findLinks = prepareQuery(
    db,
    (values: { token: string; position: number }) =>
      db
        .selectFrom("newsletter_copies as c")
        .innerJoin("newsletter_links as l", (join) =>
          join
            .onRef("l.newsletter_id", "=", "c.newsletter_id")
            .on("l.position", "=", values.position),
        )
        .select(["l.url", "c.newsletter_id"])
        .where("c.token", "=", values.token),
    { token: "\u0000token", position: -1 },
  );

  const frontHeaders = Object.entries(withDefaultPolicy(options.baseHeaders)).flat();

  /** The redirect, or "Link not found"; throws when the database could not be read. */
  async function answerClick(
    req: IncomingMessage,
    res: ServerResponse,
    tokenText: string,
    headers: HeaderList,
  ): Promise<void> {
    const named = readClickToken(tokenText);
    if (!named) return refuse(res, headers);
    const [found] = await findLinks(named);
    const newsletterId = Number(found?.newsletter_id);
    const location = found && readTarget(found.url, siteHost, newsletterId);
    if (!location) return refuse(res, headers);
    // No body and no negotiation: the redirect is all a mail client's browser needs.
    res.writeHead(302, [
      ...headers,
      "Location",
      location,
      "Cache-Control",
      "no-store",
      "Content-Length",
      "0",
    ]);
    res.end();
    // Counted once the answer is on its way: writing it never delays the redirect.
    const queued = queuedPerCopy.get(named.token) ?? 0;
    if (queue.length >= maxQueued || queued >= maxQueuedPerCopy) return;
    queuedPerCopy.set(named.token, queued + 1);
    queue.push({
      token: named.token,
      newsletterId,
      position: named.position,
      method: req.method ?? "GET",
      userAgent: readUserAgentStart(req.headers["user-agent"]) || undefined,
      at: now(),
    });
  }

  return {
    async answer(req, res, next) {
      try {
        await answerClick(req, res, String(req.params.token ?? ""), []);
      } catch (error) {
        next(error);
      }
    },
    answerFromFrontDoor(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const tokenText = readFrontDoorToken(req.url ?? "");
      if (tokenText === undefined) return false;
      return answerClick(req, res, tokenText, frontHeaders).then(
        () => true,
        // The stage answers it again, and with the site's error page when the database is away.
        () => res.headersSent,
      );
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
