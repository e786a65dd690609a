// "Forgot your password?": a reset link by email, valid 30 minutes and once. The answer never says
// whether the address has an account: the same words, and at least the same time, either way.
// Requests are limited per client network and per address, so the form mails nobody in bulk.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { isMailEnabled, sendMail } from "~/capabilities/mail/mail-port.server";
import { findAdminByEmail, resetAdminPassword } from "~/features/admin/admins/admins.server";
import { recordActivity } from "~/platform/activity/activity.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import {
  getNetworkRateLimitKey,
  hitRateLimit,
  type RateLimitRule,
} from "~/platform/rate-limit.server";
import { createEmailLink, getLinkUrl, getSiteName, spendLink } from "./email-links.server";

export const forgotPasswordAnswer =
  "If an account exists for that email, we've sent a link to reset its password.";
/** Requests one network may make: enough for an office of forgetful people. */
export const resetNetworkRule: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** Mails one address may get: a few tries, never a flood in someone's inbox. */
export const resetEmailRule: RateLimitRule = { limit: 3, windowMs: 60 * 60 * 1000 };
/**
 * Every answer takes at least this long, so the time it takes does not tell a known address
 * (a link stored and a mail queued) from an unknown one.
 */
export const forgotPasswordMinimumMs = 400;

export type ResetRequestResult =
  | { status: "answered" }
  | { status: "limited"; retryAfterSeconds: number };

function getResetEmailKey(email: string): string {
  return `reset-email:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
}

/** Sends a reset link to the address if it has an account; answers the same either way. */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  request: { email: string; clientIp: string },
  now = new Date(),
): Promise<ResetRequestResult> {
  const answerAt = Date.now() + forgotPasswordMinimumMs;
  try {
    const network = await hitRateLimit(
      db,
      getNetworkRateLimitKey("password-reset", request.clientIp),
      resetNetworkRule,
      now.getTime(),
    );
    if (!network.allowed)
      return { status: "limited", retryAfterSeconds: network.retryAfterSeconds };
    // Past the address's limit the answer stays the same (it says nothing of the account); no
    // more mail goes out.
    const perEmail = await hitRateLimit(
      db,
      getResetEmailKey(request.email),
      resetEmailRule,
      now.getTime(),
    );
    const admin = await findAdminByEmail(db, request.email);
    if (admin && perEmail.allowed && isMailEnabled(config)) {
      const token = await db.transaction().execute(async (trx) => {
        const link = await createEmailLink(trx, { kind: "reset", email: admin.email }, now);
        await recordActivity(
          trx,
          {
            action: "admin-reset-requested",
            actor: { adminId: null, email: null, address: request.clientIp },
            target: admin.email,
          },
          now,
        );
        return link.token;
      });
      // Queued once the link is stored (the worker, woken now, finds the mail).
      await sendMail(db, buildResetMail(config, admin.email, token));
    }
    return { status: "answered" };
  } finally {
    await sleep(Math.max(0, answerAt - Date.now()));
  }
}

function buildResetMail(config: Config, email: string, token: string) {
  const site = getSiteName(config.SITE_URL);
  return {
    to: email,
    subject: `Reset your password for ${site}`,
    text: [
      `Someone asked to reset the password of the admin account ${email} on ${site}.`,
      "",
      "Choose a new password here (the link works once, within 30 minutes):",
      getLinkUrl(config.SITE_URL, "/admin/reset-password", token),
      "",
      "Setting a new password signs this account out everywhere.",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

export type ResetPasswordResult = { status: "changed"; email: string } | { status: "expired" };

/**
 * Sets the password a reset link was sent for; every session of that admin ends. Nobody is signed
 * in: the new password goes through the sign-in (and its second step) like any other.
 */
export async function completePasswordReset(
  db: Db,
  input: { token: string; password: string; clientIp: string },
  now = new Date(),
): Promise<ResetPasswordResult> {
  const link = await spendLink(db, "reset", input.token, now);
  const admin = link ? await findAdminByEmail(db, link.email) : undefined;
  if (!admin) return { status: "expired" };
  const actor = { adminId: admin.id, email: admin.email, address: input.clientIp };
  const changed = await resetAdminPassword(
    db,
    { email: admin.email, password: input.password },
    { actor },
  );
  return changed ? { status: "changed", email: admin.email } : { status: "expired" };
}
