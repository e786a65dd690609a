// The password asked again before a signed-in admin adds a passkey: a passkey signs in alone, so
// a borrowed or stolen session must not be able to add one. Wrong passwords count into the same
// lockout as at sign-in (docs/decisions/006).

import { PasswordCheckBusyError, verifyPassword } from "~/features/admin/admins/passwords.server";
import {
  countSignInFailure,
  describeSignInFailure,
  readSignInLock,
} from "~/features/admin/login/login.server";
import type { Db } from "~/platform/db/tables.server";
import { ApiError } from "~/platform/http/api.server";

export const wrongPasswordMessage = "Your password is not right.";

/** Throws the refusal (400 wrong password, 429 locked, 503 busy) unless the password is right. */
export async function confirmOwnPassword(
  db: Db,
  admin: { adminId: number; email: string },
  password: string,
  clientIp: string,
  now = new Date(),
): Promise<void> {
  const request = { email: admin.email, clientIp };
  const account = { id: admin.adminId, email: admin.email };
  const locked = await readSignInLock(db, request, account, now);
  if (locked) throw toApiError(locked);
  const row = await db
    .selectFrom("admins")
    .select("password_hash")
    .where("id", "=", admin.adminId)
    .executeTakeFirstOrThrow();
  let valid: boolean;
  try {
    valid = await verifyPassword(password, row.password_hash);
  } catch (error) {
    if (error instanceof PasswordCheckBusyError) {
      throw toApiError({ status: "busy", retryAfterSeconds: 2 });
    }
    throw error;
  }
  if (valid) return;
  const failure = await countSignInFailure(db, request, account, now, { step: "confirm-password" });
  if (failure.status === "locked") throw toApiError(failure);
  throw new ApiError(400, wrongPasswordMessage, { errors: { password: wrongPasswordMessage } });
}

function toApiError(failure: Parameters<typeof describeSignInFailure>[0]): ApiError {
  const described = describeSignInFailure(failure);
  return new ApiError(described.status, described.message, { headers: described.headers });
}
