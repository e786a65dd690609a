// Requests an admin's browser would send to the test site: same-origin JSON with the session
// cookie, plus login and cookie helpers, for the integration tests of the admin API.
import type { SiteContent } from "~/features/content/schema";
import type { TestSite } from "./test-site";
import { testAdmin } from "./test-site";

/** The cookie pair ("session=...") a response sets, or undefined. */
export function readSetCookie(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((value) => value.startsWith("session="));
  return header?.split(";")[0];
}

export function sessionIdOf(cookie: string): string {
  return cookie.slice("session=".length);
}

type RequestOptions = {
  cookie?: string;
  /** The Origin header: the site's own unless given; null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
};

/** A request as the admin's browser sends it: its body (if any) as JSON; redirects not followed. */
export function sendJsonAs(
  site: TestSite,
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  return fetch(`${site.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.origin === null ? {} : { origin: options.origin ?? site.url }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      // Last: a test may send another origin or cookie than the admin's.
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
}

export function postJsonAs(
  site: TestSite,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  return sendJsonAs(site, "POST", path, body, {
    ...options,
    headers: { "content-type": "application/json", ...options.headers },
  });
}

/** A form as the admin's browser posts it without JavaScript; redirects not followed. */
export function postFormAs(
  site: TestSite,
  path: string,
  fields: Record<string, string>,
  cookie: string,
): Promise<Response> {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url, cookie },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

export function logIn(
  site: TestSite,
  credentials: { email: string; password: string } = testAdmin,
  options: { cookie?: string; origin?: string | null } = {},
): Promise<Response> {
  return postJsonAs(site, "/api/admin/login", credentials, options);
}

/** Logs the test admin in and returns the session cookie pair. */
export async function logInCookie(site: TestSite): Promise<string> {
  const response = await logIn(site);
  const cookie = readSetCookie(response);
  if (response.status !== 200 || !cookie) {
    throw new Error(`Login failed: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

/** Clears sign-in counters, so one test's failures do not lock or limit the next. */
export async function resetLoginThrottles(site: TestSite): Promise<void> {
  await site.services.db.deleteFrom("login_throttles").execute();
  await site.services.db.deleteFrom("rate_limits").execute();
}

/** The content as GET /api/content answers it, with its version (the ETag). */
export async function getContent(site: TestSite): Promise<{ content: SiteContent; etag: string }> {
  const response = await fetch(`${site.url}/api/content`);
  return {
    content: (await response.json()) as SiteContent,
    etag: response.headers.get("etag") ?? "",
  };
}
