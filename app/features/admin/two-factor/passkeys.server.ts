// Passkeys (WebAuthn) through @simplewebauthn/server: registering one while signed in, and
// checking one at sign-in, alone (a discoverable credential names its admin) or as the second
// step. The relying party is the site: its ID is SITE_URL's host name.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import type { Db } from "~/platform/db/tables.server";
import {
  createPendingSignIn,
  deletePendingSignIn,
  type PendingSignIn,
  readPendingSignIn,
} from "./pending-sign-ins.server";
import {
  dropRecoveryCodesIfUnused,
  issueFirstRecoveryCodes,
  recordTwoFactorChange,
  type TwoFactorActor,
} from "./two-factor.server";
import { passkeyResponseSchema } from "./two-factor-schemas";

// The WebAuthn library loads with the first passkey step, not with the server: it and its
// cryptography cost a fifth of a second of CPU on every start, and most starts see no passkey.
const loadWebAuthn = () => import("@simplewebauthn/server");

export type RelyingParty = { id: string; name: string; origins: string[] };

/**
 * The site as WebAuthn's relying party: SITE_URL's host, and its origin or the request's own (a
 * test site or a proxy's address that serves the same host name).
 */
export function getRelyingParty(siteUrl: string, request: Request): RelyingParty {
  const site = new URL(siteUrl);
  const requestOrigin = new URL(request.url).origin;
  return {
    id: site.hostname,
    name: site.hostname,
    origins: [...new Set([site.origin, requestOrigin])],
  };
}

/** What every answer must match: this challenge, this site, and a verified user (PIN, biometrics). */
function getExpectations(party: RelyingParty, challenge: string) {
  return {
    expectedChallenge: challenge,
    expectedOrigin: party.origins,
    expectedRPID: party.id,
    requireUserVerification: true,
  };
}

export type PasskeyRegistration = {
  registrationToken: string;
  options: PublicKeyCredentialCreationOptionsJSON;
};

/** Starts adding a passkey: the browser's options, and the token that carries the challenge. */
export async function startPasskeyRegistration(
  db: Db,
  admin: { adminId: number; email: string },
  party: RelyingParty,
  now = new Date(),
): Promise<PasskeyRegistration> {
  const existing = await db
    .selectFrom("admin_passkeys")
    .select(["id", "transports"])
    .where("admin_id", "=", admin.adminId)
    .execute();
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: admin.email,
    userID: new TextEncoder().encode(`admin-${admin.adminId}`),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: readTransports(row) })),
    // Discoverable, so that it can sign in alone; verified, so that it is two factors in one.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const registrationToken = await createPendingSignIn(
    db,
    { purpose: "passkey-register", adminId: admin.adminId, challenge: options.challenge },
    now,
  );
  return { registrationToken, options };
}

function readTransports(row: { transports: string | null }): string[] | undefined {
  return row.transports ? (JSON.parse(row.transports) as string[]) : undefined;
}

export type FinishRegistrationResult =
  | { status: "added"; recoveryCodes: string[] | undefined }
  | { status: "expired" }
  | { status: "refused" };

/** Keeps the passkey the browser made, once the library verified it against the challenge. */
export async function finishPasskeyRegistration(
  db: Db,
  actor: TwoFactorActor,
  input: { registrationToken: string; name: string; response: unknown },
  party: RelyingParty,
  now = new Date(),
): Promise<FinishRegistrationResult> {
  const pending = await readPendingSignIn(db, input.registrationToken, "passkey-register", now);
  if (!pending?.challenge || pending.adminId !== actor.adminId) return { status: "expired" };
  await deletePendingSignIn(db, pending);
  const response = passkeyResponseSchema.safeParse(input.response);
  if (!response.success) return { status: "refused" };
  let verification: VerifiedRegistrationResponse;
  try {
    const { verifyRegistrationResponse } = await loadWebAuthn();
    verification = await verifyRegistrationResponse({
      // The schema checked the outline; the library checks every byte.
      response: response.data as unknown as RegistrationResponseJSON,
      ...getExpectations(party, pending.challenge),
    });
  } catch {
    return { status: "refused" };
  }
  if (!verification.verified) return { status: "refused" };
  const { credential } = verification.registrationInfo;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("admin_passkeys")
      .values({
        id: credential.id,
        admin_id: actor.adminId,
        name: input.name,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .execute();
    const recoveryCodes = await issueFirstRecoveryCodes(trx, actor.adminId, now);
    await recordTwoFactorChange(trx, actor, "passkey-add", { name: input.name }, now);
    return { status: "added", recoveryCodes };
  });
}

/** Removes one of the admin's own passkeys; false when it is not theirs (or gone). */
export async function removePasskey(
  db: Db,
  actor: TwoFactorActor,
  passkeyId: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("admin_passkeys")
      .where("id", "=", passkeyId)
      .where("admin_id", "=", actor.adminId)
      .returning("name")
      .executeTakeFirst();
    if (!row) return false;
    await dropRecoveryCodesIfUnused(trx, actor.adminId);
    await recordTwoFactorChange(trx, actor, "passkey-remove", { name: row.name }, now);
    return true;
  });
}

/** Options for a passkey sign-in: any of the site's passkeys, or only those of one admin. */
export async function createPasskeySignInOptions(
  db: Db,
  party: RelyingParty,
  adminId: number | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed =
    adminId === null
      ? []
      : await db
          .selectFrom("admin_passkeys")
          .select(["id", "transports"])
          .where("admin_id", "=", adminId)
          .execute();
  const { generateAuthenticationOptions } = await loadWebAuthn();
  return generateAuthenticationOptions({
    rpID: party.id,
    userVerification: "required",
    allowCredentials: allowed.map((row) => ({ id: row.id, transports: readTransports(row) })),
  });
}

/**
 * Checks a passkey's answer to a pending sign-in's challenge. Answers the admin it belongs to
 * (which must be the pending sign-in's admin, when it names one), or undefined.
 */
export async function verifyPasskeySignIn(
  db: Db,
  pending: PendingSignIn,
  rawResponse: unknown,
  party: RelyingParty,
  now = new Date(),
): Promise<number | undefined> {
  const response = passkeyResponseSchema.safeParse(rawResponse);
  if (!pending.challenge || !response.success) return undefined;
  const passkey = await db
    .selectFrom("admin_passkeys")
    .selectAll()
    .where("id", "=", response.data.id)
    .executeTakeFirst();
  if (!passkey || (pending.adminId !== null && passkey.admin_id !== pending.adminId)) {
    return undefined;
  }
  try {
    const { verifyAuthenticationResponse } = await loadWebAuthn();
    const verification = await verifyAuthenticationResponse({
      response: response.data as unknown as AuthenticationResponseJSON,
      ...getExpectations(party, pending.challenge),
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.public_key, "base64url"),
        counter: passkey.counter,
        transports: readTransports(passkey),
      },
    });
    if (!verification.verified) return undefined;
    await db
      .updateTable("admin_passkeys")
      .set({
        counter: verification.authenticationInfo.newCounter,
        last_used_at: now.toISOString(),
      })
      .where("id", "=", passkey.id)
      .execute();
    return passkey.admin_id;
  } catch {
    return undefined;
  }
}
