// The forms of the admin's email flows, one zod schema each: ask for a reset link, set a password
// from a link (a reset or an invite), invite an admin, cancel an invite.
import { adminEmailSchema, passwordSchema } from "~/features/admin/admins/admin-forms";
import type { AdminRole } from "~/platform/admin-roles";
import type { FormResult, NoticeBody } from "~/platform/http/form-result";
import { z } from "~/platform/zod";

export const forgotPasswordSchema = z.object({ email: adminEmailSchema });

/** A new password from an emailed link, typed twice (the Admins screen's rule). */
export const linkPasswordSchema = z
  .object({
    token: z.string().max(100),
    password: passwordSchema,
    passwordAgain: z.string().max(256),
  })
  .refine((value) => value.password === value.passwordAgain, {
    path: ["passwordAgain"],
    message: "The two passwords differ",
  });

/** What a page an emailed link opens shows after its password form was posted. */
export type LinkOutcome =
  | { outcome: "done"; email: string }
  | { outcome: "expired" }
  | { outcome: "already-admin"; email: string };

/** What an invited admin may do (the invite keeps the choice). */
/** The roles an invite may give, the default first. */
export const inviteRoles = ["editor", "owner"] as const satisfies readonly AdminRole[];
export type InviteRole = AdminRole;

export const inviteAdminSchema = z.object({
  intent: z.literal("invite"),
  email: adminEmailSchema,
  role: z.enum(inviteRoles).default("editor"),
});

export const cancelInviteSchema = z.object({
  intent: z.literal("cancel-invite"),
  id: z.coerce.number().int().positive(),
});

/** What the Admins screen's invite card shows after one of its posts. */
export type InviteIntentResult = FormResult<NoticeBody>;
