// The account screen's data and its posts: the signed-in admin's devices (their live
// sessions, named in words), ending one or every other, and changing their own password (which
// ends every other session too). Every admin has this screen, whatever their role.
import type { Actor } from "~/platform/activity/activity.server";
import { recordActivity } from "~/platform/activity/activity.server";
import { adminRoleLabels } from "~/platform/admin-roles";
import type { Db } from "~/platform/db/tables.server";
import { toFieldErrors } from "~/platform/field-errors";
import { formatTime } from "~/platform/format-time";
import {
  answerDone,
  answerFailed,
  answerFieldErrors,
  type FormResult,
  type NoticeBody,
} from "~/platform/http/form-result";
import {
  type AdminSession,
  deleteAdminSessionByKey,
  deleteAdminSessions,
  isSessionKeyOf,
  listAdminSessions,
} from "~/platform/sessions.server";
import { describeUserAgent } from "~/platform/user-agent";
import { z } from "~/platform/zod";
import { changePasswordSchema } from "../admins/admin-forms";
import { changeOwnPassword } from "../admins/admins.server";

/** One signed-in device, as the screen shows it. */
export type AccountDevice = {
  key: string;
  device: string;
  address: string;
  lastSeen: string;
  started: string;
  current: boolean;
};

export async function loadAccount(
  db: Db,
  admin: AdminSession,
  sessionId: string | undefined,
  timeZone: string,
) {
  const sessions = await listAdminSessions(db, admin.adminId, sessionId);
  const devices: AccountDevice[] = sessions.map((session) => ({
    key: session.key,
    device: describeUserAgent(session.userAgent),
    address: session.address ?? "Unknown address",
    lastSeen: formatTime(session.lastSeenAt, timeZone),
    started: formatTime(session.createdAt, timeZone),
    current: session.current,
  }));
  // This device first: it is the one the admin knows.
  devices.sort((a, b) => Number(b.current) - Number(a.current));
  return { email: admin.email, role: adminRoleLabels[admin.role], devices };
}

/** What the screen's "devices" or "password" form shows after a post: a notice, or field errors. */
export type AccountIntentResult = FormResult<NoticeBody>;

export type AccountIntentOutcome =
  | { status: number; result: AccountIntentResult }
  /** The admin signed out this very device: the session is gone. */
  | { endedOwnSession: true };

export type AccountIntentContext = {
  db: Db;
  admin: AdminSession;
  actor: Actor;
  /** The id of the session behind the request (kept by "end others" and a password change). */
  sessionId: string;
};

const endSessionSchema = z.object({
  intent: z.literal("end-session"),
  key: z.string().regex(/^[0-9a-f]{64}$/),
});

const answer = (result: AccountIntentResult, status = 200): AccountIntentOutcome => ({
  status,
  result,
});

const describeEnded = (count: number) => (count === 1 ? "1 device" : `${count} devices`);

/** Runs a post of the account screen: "end-session", "end-others" or "password". */
export async function runAccountIntent(
  { db, admin, actor, sessionId }: AccountIntentContext,
  form: Record<string, unknown>,
): Promise<AccountIntentOutcome> {
  if (form.intent === "end-others") {
    const ended = await db.transaction().execute(async (trx) => {
      const count = await deleteAdminSessions(trx, admin.adminId, sessionId);
      await recordActivity(trx, {
        action: "session-end",
        actor,
        target: admin.email,
        detail: { sessionsEnded: count },
      });
      return count;
    });
    return answer(
      answerDone(
        {
          message:
            ended === 0
              ? "No other device was signed in."
              : `Signed out ${describeEnded(ended)}. Only this one is signed in now.`,
        },
        "devices",
      ),
    );
  }

  if (form.intent === "end-session") {
    const parsed = endSessionSchema.safeParse(form);
    if (!parsed.success) {
      return answer(answerFailed("Choose a device from the list.", { form: "devices" }), 400);
    }
    const ended = await db.transaction().execute(async (trx) => {
      const found = await deleteAdminSessionByKey(trx, admin.adminId, parsed.data.key);
      if (found) {
        await recordActivity(trx, {
          action: "session-end",
          actor,
          target: admin.email,
          detail: { sessionsEnded: 1 },
        });
      }
      return found;
    });
    if (!ended) {
      return answer(
        answerFailed("That device is no longer signed in: the list is updated.", {
          form: "devices",
        }),
        404,
      );
    }
    if (isSessionKeyOf(parsed.data.key, sessionId)) return { endedOwnSession: true };
    return answer(answerDone({ message: "That device was signed out." }, "devices"));
  }

  if (form.intent === "password") {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      return answer(answerFieldErrors(toFieldErrors(parsed.error.issues), "password"), 400);
    }
    const result = await changeOwnPassword(
      db,
      {
        adminId: admin.adminId,
        sessionId,
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      },
      actor.address,
    );
    if (result === "wrong-password") {
      return answer(
        answerFieldErrors({ currentPassword: "This is not your current password" }, "password"),
        400,
      );
    }
    return answer(
      answerDone(
        { message: "Your password was changed. Every other session of your account has ended." },
        "password",
      ),
    );
  }

  return answer(
    answerFailed("That request was not understood. Reload the page.", { form: "devices" }),
    400,
  );
}
