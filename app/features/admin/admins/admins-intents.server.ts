// What the Admins screen's form posts do: add an admin with a role, change an admin's role, sign
// an admin out everywhere, remove one (never the last owner). Each intent answers the card it came
// from with its outcome. One's own password is changed on the account screen (account/).
import type { Actor } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { toFieldErrors } from "~/platform/field-errors";
import {
  answerDone,
  answerFailed,
  answerFieldErrors,
  type FormResult,
  type NoticeBody,
} from "~/platform/http/form-result";
import { addAdminSchema, adminRoleChangeSchema, adminTargetSchema } from "./admin-forms";
import {
  createAdmin,
  deleteAdmin,
  lastAdminMessage,
  lastOwnerDemoteMessage,
  lastOwnerRemoveMessage,
  revokeAdminSessions,
  setAdminRole,
} from "./admins.server";
import { generatePassword } from "./passwords.server";

/** What one card of the screen ("add" or "row") shows after a post that worked. */
export type AdminsNotice = NoticeBody & {
  /** A generated password, shown this once. */
  password?: string;
  email?: string;
};
export type AdminsIntentResult = FormResult<AdminsNotice>;

export type AdminsIntentOutcome =
  | { status: number; result: AdminsIntentResult }
  /** The signed-in admin removed or signed out their own account: the session is gone. */
  | { endedOwnSession: true }
  /** The signed-in admin made themselves an editor: this screen is no longer theirs. */
  | { leftOwnScreen: true };

/** Who posts: the admin behind the request. */
export type AdminsIntentContext = {
  db: Db;
  admin: { adminId: number; email: string };
  actor: Actor;
};

const answer = (result: AdminsIntentResult, status = 200): AdminsIntentOutcome => ({
  status,
  result,
});

/** A row's role change; the last owner stays an owner. */
async function changeRole(
  db: Db,
  admin: AdminsIntentContext["admin"],
  actor: Actor,
  form: Record<string, unknown>,
): Promise<AdminsIntentOutcome> {
  const parsed = adminRoleChangeSchema.safeParse(form);
  if (!parsed.success) {
    return answer(answerFailed("Choose an admin and a role from the list.", { form: "row" }), 400);
  }
  const { email, role } = parsed.data;
  const result = await setAdminRole(db, email, role, actor);
  if (result === "not-found") {
    return answer(answerFailed(`No admin has the email ${email}.`, { form: "row" }), 404);
  }
  if (result === "last-owner")
    return answer(answerFailed(lastOwnerDemoteMessage, { form: "row" }), 409);
  const named = `${role === "owner" ? "an owner" : "an editor"}`;
  if (result === "unchanged")
    return answer(answerDone({ message: `${email} is already ${named}.` }, "row"));
  if (email === admin.email) return { leftOwnScreen: true };
  return answer(answerDone({ message: `${email} is now ${named}.` }, "row"));
}

/** Runs the intent a form post names ("add", "role", else a row's "revoke" or "delete"). */
export async function runAdminsIntent(
  { db, admin, actor }: AdminsIntentContext,
  form: Record<string, unknown>,
): Promise<AdminsIntentOutcome> {
  if (form.intent === "add") {
    const parsed = addAdminSchema.safeParse(form);
    if (!parsed.success)
      return answer(answerFieldErrors(toFieldErrors(parsed.error.issues), "add"), 400);
    const typed = parsed.data.passwordMode === "type";
    const password = typed ? (parsed.data.password ?? "") : generatePassword();
    const { email, role } = parsed.data;
    const created = await createAdmin(db, { email, password, role }, actor);
    if (!created) {
      return answer(
        answerFieldErrors({ email: "An admin with this email already exists" }, "add"),
        409,
      );
    }
    return answer(
      answerDone(
        {
          message: `${parsed.data.email} can now sign in as ${role === "owner" ? "an owner" : "an editor"}.`,
          email: parsed.data.email,
          ...(typed ? {} : { password }),
        },
        "add",
      ),
    );
  }

  if (form.intent === "role") return changeRole(db, admin, actor, form);

  const parsed = adminTargetSchema.safeParse(form);
  if (!parsed.success)
    return answer(answerFailed("Choose an admin from the list.", { form: "row" }), 400);
  const { intent, email } = parsed.data;
  const noSuchAdmin = () =>
    answer(answerFailed(`No admin has the email ${email}.`, { form: "row" }), 404);
  if (intent === "revoke") {
    const ended = await revokeAdminSessions(db, email, actor);
    if (ended === undefined) return noSuchAdmin();
    if (email === admin.email) return { endedOwnSession: true };
    return answer(
      answerDone(
        {
          message: `${email} was signed out everywhere (${ended} session${ended === 1 ? "" : "s"}).`,
        },
        "row",
      ),
    );
  }
  const result = await deleteAdmin(db, email, actor);
  if (result === "not-found") return noSuchAdmin();
  if (result === "last-admin") return answer(answerFailed(lastAdminMessage, { form: "row" }), 409);
  if (result === "last-owner")
    return answer(answerFailed(lastOwnerRemoveMessage, { form: "row" }), 409);
  if (email === admin.email) return { endedOwnSession: true };
  return answer(answerDone({ message: `${email} was removed and can no longer sign in.` }, "row"));
}
