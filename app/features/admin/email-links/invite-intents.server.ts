// The Admins screen's invitation posts (when mail is set up): invite an admin by email, cancel a
// pending invite. Each answers the invite card with its outcome.

import { isMailEnabled } from "~/capabilities/mail/mail-port.server";
import type { Actor } from "~/platform/activity/activity.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { toFieldErrors } from "~/platform/field-errors";
import { answerDone, answerFailed, answerFieldErrors } from "~/platform/http/form-result";
import { cancelInviteSchema, type InviteIntentResult, inviteAdminSchema } from "./email-link-forms";
import { cancelInvite, inviteAdmin } from "./invites.server";

export function isInviteIntent(form: Record<string, unknown>): boolean {
  return form.intent === "invite" || form.intent === "cancel-invite";
}

export async function runInviteIntent(
  { db, config, actor }: { db: Db; config: Config; actor: Actor },
  form: Record<string, unknown>,
): Promise<{ status: number; result: InviteIntentResult }> {
  const answer = (result: InviteIntentResult, status = 200) => ({
    status,
    result: { ...result, form: "invite" },
  });
  if (!isMailEnabled(config)) {
    return answer(answerFailed("Invitations need mail set up (SMTP_URL and MAIL_FROM)."), 409);
  }
  if (form.intent === "cancel-invite") {
    const parsed = cancelInviteSchema.safeParse(form);
    const email = parsed.success ? await cancelInvite(db, parsed.data.id, actor) : undefined;
    if (!email)
      return answer(answerFailed("This invitation was already accepted or cancelled."), 404);
    return answer(
      answerDone({
        message: `The invitation to ${email} was cancelled; its link no longer works.`,
      }),
    );
  }
  const parsed = inviteAdminSchema.safeParse(form);
  if (!parsed.success) return answer(answerFieldErrors(toFieldErrors(parsed.error.issues)), 400);
  const result = await inviteAdmin(db, config, { ...parsed.data, actor });
  if (result === "already-admin") {
    return answer(answerFieldErrors({ email: "An admin with this email already exists" }), 409);
  }
  return answer(
    answerDone({
      message: `An invitation is on its way to ${parsed.data.email}. The link works for 72 hours.`,
    }),
  );
}
