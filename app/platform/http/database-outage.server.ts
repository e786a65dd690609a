// A download or feed (a resource route) whose loader met a database outage or a read stopped for
// its time: React Router answers those 500; this root middleware makes them the 503 with
// Retry-After and a plain message that every page and API answer gives.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
  isReadStopped,
} from "~/platform/db/unavailable.server";

export const readStoppedMessage =
  "This took longer than the database allows and was stopped. Please try again in a moment.";

/** What each request's loaders met, by its router context (the same in handleError). */
const failures = new WeakMap<Readonly<RouterContextProvider>, unknown>();

/** Called by handleError: the request's answer is a 503 when error says the database is away. */
export function noteDatabaseFailure(
  context: Readonly<RouterContextProvider>,
  error: unknown,
): void {
  if (isDatabaseUnavailable(error) && !failures.has(context)) failures.set(context, error);
}

export function hasFailedForDatabase(context: Readonly<RouterContextProvider>): boolean {
  return failures.has(context);
}

function answer503(error: unknown): Response {
  return new Response(isReadStopped(error) ? readStoppedMessage : databaseUnavailableMessage, {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(databaseRetryAfterSeconds),
      "Cache-Control": "no-store",
    },
  });
}

/** Root middleware, outermost: a 500 from a database outage becomes the 503 it is. */
export const answerDatabaseOutages: MiddlewareFunction<Response> = async ({ context }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return answer503(error);
  }
  if (response.status !== 500 || !failures.has(context)) return response;
  await response.body?.cancel();
  return answer503(failures.get(context));
};
