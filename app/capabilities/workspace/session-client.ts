// The browser's admin session calls: the session check (any failure counts
// as not authenticated, with a warning logged), login and logout.
import { clearAdminToken, getJson, storeAdminToken } from "~/platform/admin-api-client";
import { ApiRequestError, postJson } from "~/platform/api-client";
import type { AdminSessionAnswer, LoginAnswer, LoginCredentials } from "./session-schema";

const notAuthenticated: AdminSessionAnswer = { isAuthenticated: false, admin: null };

export async function fetchAdminSession(): Promise<AdminSessionAnswer> {
  try {
    const answer = await getJson<AdminSessionAnswer>("/api/admin/session");
    return answer?.isAuthenticated ? answer : notAuthenticated;
  } catch (error) {
    console.warn("Admin session check failed; treating the visitor as not authenticated", error);
    return notAuthenticated;
  }
}

/**
 * Signs in; the token rule: a token in the answer is stored (this server sends none). An
 * admin with two-factor gets the second step's answer instead of a session.
 */
export async function logIn(credentials: LoginCredentials): Promise<LoginAnswer | null> {
  const answer = await postJson<LoginAnswer>("/api/admin/login", credentials);
  if (answer && "twoFactorRequired" in answer) return answer;
  storeAdminToken(answer?.token);
  return answer;
}

/** Logs out: no body, but a JSON content type, as every state-changing call has. */
export async function logOut(): Promise<void> {
  await postJson("/api/admin/logout", undefined, { "Content-Type": "application/json" });
  clearAdminToken();
}

/** The message to show for a failed call: the server's own message, else the fallback. */
export function describeRequestError(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  if (error instanceof TypeError) {
    return "Could not reach the server. Please check your connection and try again.";
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
