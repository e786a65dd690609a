// The browser's passkey calls: register one while signed in, and sign in with one
// (alone, or as a sign-in's second step). @simplewebauthn/browser is loaded only when a passkey
// is used, so it stays out of every page's first JavaScript.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { AdminSessionAnswer } from "~/capabilities/workspace/session-schema";
import { postJson } from "~/platform/api-client";

function loadWebAuthn() {
  return import("@simplewebauthn/browser");
}

/**
 * Creates a passkey on this device and keeps it under name (the password confirms it is the
 * admin); answers the server's answer.
 */
export async function registerPasskey(
  name: string,
  password: string,
): Promise<{ message: string; recoveryCodes: string[] | null }> {
  const { startRegistration } = await loadWebAuthn();
  const started = await postJson<{
    registrationToken: string;
    options: PublicKeyCredentialCreationOptionsJSON;
  }>("/api/admin/security/passkeys", { intent: "options", password });
  if (!started) throw new Error("The server did not answer with passkey options");
  const response = await startRegistration({ optionsJSON: started.options });
  const added = await postJson<{ message: string; recoveryCodes: string[] | null }>(
    "/api/admin/security/passkeys",
    { intent: "add", name, registrationToken: started.registrationToken, response },
  );
  if (!added) throw new Error("The server did not answer");
  return added;
}

/**
 * Signs in with a passkey: alone (no token: the device offers the site's passkeys), or as the
 * second step of a password sign-in (its pending token).
 */
export async function signInWithPasskey(pendingToken?: string): Promise<AdminSessionAnswer | null> {
  const { startAuthentication } = await loadWebAuthn();
  const challenge = await postJson<{
    pendingToken: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>("/api/admin/login/passkey-options", pendingToken ? { pendingToken } : {});
  if (!challenge) throw new Error("The server did not answer with a passkey challenge");
  const response = await startAuthentication({ optionsJSON: challenge.options });
  return postJson<AdminSessionAnswer>("/api/admin/login/second-factor", {
    pendingToken: challenge.pendingToken,
    method: "passkey",
    response,
  });
}

/** What to tell the admin when the browser's passkey prompt ended without a passkey. */
export function describePasskeyError(error: unknown): string | undefined {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return "The passkey prompt was closed or timed out. Please try again.";
  }
  return undefined;
}
