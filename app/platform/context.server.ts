// What every loader and action gets through React Router's context: the booted services, the
// per-request facts (CSP nonce, client address) that the HTTP server knows and the routes' facts.

import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "./config.server";
import type { Db } from "./db/tables.server";
import type { RouteFacts } from "./route-facts.server";
import type { AdminSession } from "./sessions.server";
import type { VisitRecorder } from "./visits/visit-recorder.server";

/** What page code tells the page cache about the response it is rendering (page-cache/hints). */
export type PageCacheHints = {
  /**
   * Epoch milliseconds after which the cached page is out of date even if no data changed: for
   * instance the publication time of the next scheduled article a listing will show.
   */
  validUntil?: number;
};

export type AppServices = { config: Config; db: Db; logger: Logger };
export type RequestInfo = {
  /**
   * The nonce put on the scripts React Router and React write. A page rendered for one request
   * sends it in its CSP; a page the cache keeps (`forCache`) sends the hashes of exactly the
   * scripts that carry it instead, so a script injected into the markup is never allowed.
   */
  nonce: string;
  /** True when the page is rendered for the page cache (hash-based CSP, docs/decisions/004). */
  forCache?: boolean;
  clientIp: string;
  /** The session, when the HTTP layer already looked it up (null: none); undefined: not looked up. */
  knownSession?: AdminSession | null;
  /** What page code tells the page cache about this response (e.g. when it stops being valid). */
  cacheHints?: PageCacheHints;
  /** This process's visit counter: leads read their visit's attribution from it. */
  visits?: VisitRecorder;
  /**
   * Set for a document render: server-drawn HTML a loader puts here instead of in its data is
   * rendered from here (platform/document/held-html) and not sent twice. Unset for a data request,
   * whose answer must carry the HTML itself.
   */
  heldHtml?: Map<string, string>;
};
/** What the route modules' handles say, read from the server build (route-facts.server). */
export type RouteInfo = { routes: RouteFacts };
/**
 * The handle for an admin's heavy reads (reports, exports, full lists: db/reports-db.server):
 * typed like db, read-only on SQLite, never holding the event loop or the site's connections.
 */
export type ReportsInfo = { reportsDb: Db };
export type AppContext = AppServices & RequestInfo & RouteInfo & ReportsInfo;

export const appContext = createContext<AppContext>();

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
