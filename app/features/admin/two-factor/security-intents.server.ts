// What the Security screen's form posts do: start, confirm or cancel the authenticator
// app's set-up, turn it off, renew recovery codes, remove a passkey. Refusals are ApiErrors, which
// the one submission path shows on the form.

import type { Db } from "~/platform/db/tables.server";
import { ApiError } from "~/platform/http/api.server";
import { removePasskey } from "./passkeys.server";
import {
  confirmTotpSetup,
  disableTotp,
  hasTwoFactor,
  readTwoFactorStatus,
  renewRecoveryCodes,
  startTotpSetup,
  type TwoFactorActor,
} from "./two-factor.server";
import type { SecurityIntent } from "./two-factor-schemas";

/** What the screen shows after a post: a message, and new recovery codes to show once. */
export type SecurityAnswer = { message: string; recoveryCodes?: string[] };

export async function runSecurityIntent(
  db: Db,
  actor: TwoFactorActor,
  input: SecurityIntent,
): Promise<SecurityAnswer> {
  switch (input.intent) {
    case "totp-start": {
      const secret = await startTotpSetup(db, actor.adminId);
      if (!secret) throw new ApiError(409, "Your authenticator app is already set up.");
      return { message: "Scan the QR code with your authenticator app, then enter its code." };
    }
    case "totp-confirm": {
      const result = await confirmTotpSetup(db, actor, input.code);
      if (result.status === "not-started") {
        throw new ApiError(409, "Start the set-up again: it was cancelled or already finished.");
      }
      if (result.status === "wrong-code") {
        throw new ApiError(400, "That code is not right. Check your app and try again.", {
          errors: { code: "That code is not right. Check your app and try again." },
        });
      }
      return {
        message: "Two-factor is on: sign-ins now ask for a code from your app.",
        ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
      };
    }
    case "totp-cancel": {
      await db
        .deleteFrom("admin_totp")
        .where("admin_id", "=", actor.adminId)
        .where("enabled_at", "is", null)
        .execute();
      return { message: "Set-up cancelled." };
    }
    case "totp-disable": {
      const result = await disableTotp(db, actor, input);
      if (result === "not-enabled")
        throw new ApiError(409, "Your authenticator app is not set up.");
      if (result === "wrong-proof") {
        const message = "Enter a current code from your app, or your password.";
        throw new ApiError(400, message, { errors: { code: message } });
      }
      return { message: "The authenticator app is turned off; your other sessions were ended." };
    }
    case "recovery-renew": {
      if (!hasTwoFactor(await readTwoFactorStatus(db, actor.adminId))) {
        throw new ApiError(409, "Recovery codes come with two-factor: set it up first.");
      }
      const recoveryCodes = await renewRecoveryCodes(db, actor);
      return { message: "New recovery codes: the old ones no longer work.", recoveryCodes };
    }
    case "passkey-remove": {
      if (!(await removePasskey(db, actor, input.passkeyId))) {
        throw new ApiError(404, "That passkey was already removed.");
      }
      return { message: "Passkey removed; your other sessions were ended." };
    }
  }
}
