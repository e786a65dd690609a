// What a page cache holds between requests: its options, its store and background compression,
// the renders under way, the page-key reader once the build is known, the form secret and the
// headers flattened per page. One plain object that the hit and miss paths each take.
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { getFormSecret, getFormShownCookieName } from "~/platform/form-cookie.server";
import { type AdminSession, getSessionCookieName } from "~/platform/sessions.server";
import type { PageCacheHints } from "../context.server";
import type { LoadShedder } from "../overload.server";
import type { RouteFacts } from "../route-facts.server";
import { createPageKeyReader, type PageKeyReader } from "./keys.server";
import { createRecompressor, type Recompressor } from "./recompress.server";
import { type CachedPage, PageStore } from "./store.server";

/** 32 MB holds every page of the site many times over; query pages get a quarter of it. */
export const defaultPageCacheBytes = 32 * 1024 * 1024;

/** Renders one request through React Router with the given per-request facts. */
export type RenderPage = (
  request: Request,
  facts: { knownSession: AdminSession | null; cacheHints: PageCacheHints },
) => Promise<Response>;

export type PageCacheOptions = {
  /**
   * Told of every page fetch the cache sees (hits included), with the form secret once known: the
   * spam guard remembers fetches by clients without a form-shown cookie (features/leads).
   */
  onPageFetch: (req: IncomingMessage, formSecret: string | undefined) => void;
  /** Told of every answer from the store on the fast path (the visit counter). */
  onServed?: (req: IncomingMessage, status: number) => void;
  db: Db;
  config: Config;
  logger: Logger;
  render: RenderPage;
  shedder: LoadShedder;
  /** Headers every response carries (security headers, HSTS). */
  baseHeaders: Record<string, string>;
  /** The routes' facts, which say which pages may be kept; known once the server build loads. */
  routes: Promise<Pick<RouteFacts, "getCacheRule">>;
  budgetBytes?: number;
  /** What the redirect rules say of an address kept here; without it, there are no rules. */
  rules?: RuleCheck;
};

/** How the page cache asks the redirect rules about a page it keeps, at a site version. */
export type RuleCheck = {
  /**
   * Asked only of a URL with query parameters its page ignores: true sends it the slower way
   * (a redirect rule needs its query, as `/?page_id=42`), and so does undefined (not known here
   * yet). An exact URL's hit never asks.
   */
  needsQuery(url: string, siteVersion: number): boolean | undefined;
  /**
   * Whether no rule takes this address (a URL's path): true, false when one does, undefined when
   * the rules of that version are not known here yet. Asked before a kept page is served after a
   * rule change.
   */
  isClearOfRules(path: string, siteVersion: number): boolean | undefined;
};

const noRules: RuleCheck = { needsQuery: () => false, isClearOfRules: () => true };

/** A miss's render: a page kept, or another answer sent as it came. */
export type Rendered =
  | { kind: "page"; page: CachedPage }
  | { kind: "other"; status: number; headers: Array<[string, string]>; body: Buffer };

export type Encoding = "br" | "gzip" | "identity";

/** A kept page's response headers per encoding, flattened once so a hit builds no objects. */
export type Wire = Record<Encoding | "notModified", string[]>;

export type PageCacheState = {
  readonly db: Db;
  readonly config: Config;
  readonly logger: Logger;
  readonly render: RenderPage;
  readonly shedder: LoadShedder;
  readonly baseHeaders: Record<string, string>;
  readonly onPageFetch: PageCacheOptions["onPageFetch"];
  readonly onServed: (req: IncomingMessage, status: number) => void;
  readonly rules: RuleCheck;
  readonly store: PageStore;
  readonly recompressor: Recompressor;
  /** Renders under way by data version and key: one render per missed key. */
  readonly pending: Map<string, Promise<Rendered>>;
  readonly sessionCookie: string;
  readonly formCookie: string;
  readonly origin: string;
  /** Unset until the server build has loaded: nothing is kept before. */
  getPageKey: PageKeyReader | undefined;
  keysReady: Promise<void>;
  formSecret: string | undefined;
  /** The form-shown cookie last signed, and when (made again at most every 100 ms). */
  cookieValue: string;
  cookieMadeAt: number;
  readonly wires: WeakMap<CachedPage, Wire>;
};

/**
 * True when the kept page may answer this URL at this site version: no rule was found for its
 * address at that version, now or when it was last checked (then noted on the page).
 */
export function isClearForPage(
  state: PageCacheState,
  page: CachedPage,
  url: string,
  siteVersion: number,
): boolean {
  if (page.rulesCheckedAt === siteVersion) return true;
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (state.rules.isClearOfRules(path, siteVersion) !== true) return false;
  page.rulesCheckedAt = Math.max(page.rulesCheckedAt, siteVersion);
  return true;
}

/** Requests whose data version could not be read on the fast path (kept only while they live). */
export const versionUnreadable = new WeakSet<IncomingMessage>();

export function createPageCacheState(options: PageCacheOptions): PageCacheState {
  const { config, logger } = options;
  const store = new PageStore(options.budgetBytes ?? defaultPageCacheBytes);
  const state: PageCacheState = {
    db: options.db,
    config,
    logger,
    render: options.render,
    shedder: options.shedder,
    baseHeaders: options.baseHeaders,
    onPageFetch: options.onPageFetch,
    onServed: options.onServed ?? (() => {}),
    rules: options.rules ?? noRules,
    store,
    recompressor: createRecompressor(store, {
      onError: (error, key) => logger.error({ err: error, key }, "Page compression failed"),
    }),
    pending: new Map(),
    sessionCookie: `${getSessionCookieName(config.secure)}=`,
    formCookie: `${getFormShownCookieName(config.secure)}=`,
    origin: new URL(config.SITE_URL).origin,
    getPageKey: undefined,
    keysReady: Promise.resolve(),
    formSecret: undefined,
    cookieValue: "",
    cookieMadeAt: 0,
    wires: new WeakMap(),
  };
  // Until the server build has loaded nothing is kept, so the fast path has nothing to answer; the
  // slower path waits for it. A build that fails to load fails the request in React Router.
  state.keysReady = options.routes.then(
    (routes) => {
      state.getPageKey = createPageKeyReader(routes.getCacheRule);
    },
    () => {},
  );
  loadFormSecret(state);
  return state;
}

/** Reads the spam guard's form secret (again after a failure), for the form-shown cookie. */
export function loadFormSecret(state: PageCacheState) {
  getFormSecret(state.db).then(
    (secret) => {
      state.formSecret = secret;
    },
    () => {},
  );
}
