// What the Admins screen's form posts do: add an admin, change one's own password, sign an admin
// out everywhere, remove one. Each intent answers the card it came from with its outcome.
import type { Actor } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { toFieldErrors } from "~/platform/field-errors";
import { addAdminSchema, adminTargetSchema, changePasswordSchema } from "./admin-forms";
import {
  changeOwnPassword,
  createAdmin,
  deleteAdmin,
  lastAdminMessage,
  revokeAdminSessions,
} from "./admins.server";
import { generatePassword } from "./passwords.server";

/** What one card of the screen shows after a post. */
export type AdminsIntentResult = {
  form: "add" | "password" | "row";
  ok?: string;
  problem?: string;
  errors?: Record<string, string>;
  /** A generated password, shown this once. */
  password?: string;
  email?: string;
};

export type AdminsIntentOutcome =
  | { status: number; result: AdminsIntentResult }
  /** The signed-in admin removed or signed out their own account: the session is gone. */
  | { endedOwnSession: true };

/** Who posts: the admin behind the request and their session (a password change keeps it). */
export type AdminsIntentContext = {
  db: Db;
  admin: { adminId: number; email: string };
  actor: Actor;
  sessionId: string;
  clientIp: string;
};

const answer = (result: AdminsIntentResult, status = 200): AdminsIntentOutcome => ({
  status,
  result,
});

/** Runs the intent a form post names ("add", "password", else a row's "revoke" or "delete"). */
export async function runAdminsIntent(
  { db, admin, actor, sessionId, clientIp }: AdminsIntentContext,
  form: Record<string, unknown>,
): Promise<AdminsIntentOutcome> {
  if (form.intent === "add") {
    const parsed = addAdminSchema.safeParse(form);
    if (!parsed.success)
      return answer({ form: "add", errors: toFieldErrors(parsed.error.issues) }, 400);
    const typed = parsed.data.passwordMode === "type";
    const password = typed ? (parsed.data.password ?? "") : generatePassword();
    const created = await createAdmin(db, { email: parsed.data.email, password }, actor);
    if (!created) {
      return answer(
        { form: "add", errors: { email: "An admin with this email already exists" } },
        409,
      );
    }
    return answer({
      form: "add",
      ok: `${parsed.data.email} can now sign in.`,
      email: parsed.data.email,
      ...(typed ? {} : { password }),
    });
  }

  if (form.intent === "password") {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      return answer({ form: "password", errors: toFieldErrors(parsed.error.issues) }, 400);
    }
    const result = await changeOwnPassword(
      db,
      {
        adminId: admin.adminId,
        sessionId,
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      },
      clientIp,
    );
    if (result === "wrong-password") {
      return answer(
        { form: "password", errors: { currentPassword: "This is not your current password" } },
        400,
      );
    }
    return answer({
      form: "password",
      ok: "Your password was changed. Every other session of your account has ended.",
    });
  }

  const parsed = adminTargetSchema.safeParse(form);
  if (!parsed.success)
    return answer({ form: "row", problem: "Choose an admin from the list." }, 400);
  const { intent, email } = parsed.data;
  const noSuchAdmin = () =>
    answer({ form: "row", problem: `No admin has the email ${email}.` }, 404);
  if (intent === "revoke") {
    const ended = await revokeAdminSessions(db, email, actor);
    if (ended === undefined) return noSuchAdmin();
    if (email === admin.email) return { endedOwnSession: true };
    return answer({
      form: "row",
      ok: `${email} was signed out everywhere (${ended} session${ended === 1 ? "" : "s"}).`,
    });
  }
  const result = await deleteAdmin(db, email, actor);
  if (result === "not-found") return noSuchAdmin();
  if (result === "last-admin") return answer({ form: "row", problem: lastAdminMessage }, 409);
  if (email === admin.email) return { endedOwnSession: true };
  return answer({ form: "row", ok: `${email} was removed and can no longer sign in.` });
}
