// What every request may need (the admin session, the site time zone), read at most once per
// request: the root middleware puts one memoised reader in the router context, which loaders and
// entry.server.tsx read through (the content: features/content).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getAppContext } from "./context.server";
import { logDatabaseError } from "./db/unavailable.server";
import { markPageUncacheable } from "./page-cache/hints.server";
import { type AdminSession, getRequestSession } from "./sessions.server";
import { getServerTimeZone, readSiteTimeZone } from "./settings.server";

export type RequestData = {
  /** The signed-in admin, if any; a failed lookup counts as signed out. */
  session(): Promise<AdminSession | undefined>;
  /** The same lookup, rejecting when the database fails (the admin gate answers 503 then). */
  checkedSession(): Promise<AdminSession | undefined>;
  /** The site time zone every date and time is shown in (the server's while it cannot be read). */
  timeZone(): Promise<string>;
};

const requestDataContext = createContext<RequestData>();

function memoise<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read();
    return value;
  };
}

/** Root middleware: installs the per-request reader before any loader, action or render runs. */
export const provideRequestData: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const { db, config, knownSession, logger } = getAppContext(context);
  // The HTTP layer may already have looked the session up to decide on the page cache.
  const checkedSession = memoise(() =>
    knownSession !== undefined
      ? Promise.resolve(knownSession ?? undefined)
      : getRequestSession(db, request, config.secure),
  );
  context.set(requestDataContext, {
    session: memoise(() => checkedSession().catch(() => undefined)),
    checkedSession,
    timeZone: memoise(() =>
      readSiteTimeZone(db).catch((error: unknown) => {
        // A page drawn with the fallback zone must not be kept as if it were right.
        logDatabaseError(logger, error, "Failed to read the site time zone");
        markPageUncacheable();
        return getServerTimeZone();
      }),
    ),
  });
  return next();
};

export function getRequestData(context: Readonly<RouterContextProvider>): RequestData {
  return context.get(requestDataContext);
}

/**
 * A reader of something every request may need, run at most once per request whoever asks
 * first (the root loader, a page's loader, the document render): one value per router context.
 */
export function memoisePerRequest<T>(
  read: (context: Readonly<RouterContextProvider>) => Promise<T>,
): (context: Readonly<RouterContextProvider>) => Promise<T> {
  const values = new WeakMap<Readonly<RouterContextProvider>, Promise<T>>();
  return (context) => {
    let value = values.get(context);
    if (!value) {
      value = read(context);
      values.set(context, value);
    }
    return value;
  };
}
