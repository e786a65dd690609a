// What every request may need (the site content, the admin session, the admin flag), read at most
// once per request: the root route's middleware puts one memoised reader in the router context,
// and the root loader, page loaders and entry.server.tsx all read through it.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getAppContext } from "~/server/context.server";
import { type AdminSession, getRequestSession } from "~/server/sessions.server";
import { getSiteContent, type SiteContentResult } from "~/server/site-content.server";

export type RequestData = {
  /** The content document (or the fallback when the database cannot be read), read once. */
  content(): Promise<SiteContentResult>;
  /** The signed-in admin, if any; a failed lookup counts as signed out. */
  session(): Promise<AdminSession | undefined>;
  /** The same lookup, rejecting when the database fails (the admin gate answers 503 then). */
  checkedSession(): Promise<AdminSession | undefined>;
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
  const { db, logger, config, knownSession } = getAppContext(context);
  // The HTTP layer may already have looked the session up to decide on the page cache.
  const checkedSession = memoise(() =>
    knownSession !== undefined
      ? Promise.resolve(knownSession ?? undefined)
      : getRequestSession(db, request, config.secure),
  );
  context.set(requestDataContext, {
    content: memoise(() => getSiteContent(db, logger)),
    session: memoise(() => checkedSession().catch(() => undefined)),
    checkedSession,
  });
  return next();
};

export function getRequestData(context: Readonly<RouterContextProvider>): RequestData {
  return context.get(requestDataContext);
}

/** The site content for this request (one database read per request, whoever asks). */
export function getRequestContent(
  context: Readonly<RouterContextProvider>,
): Promise<SiteContentResult> {
  return getRequestData(context).content();
}
