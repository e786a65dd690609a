// The Admins screen's forms, one zod schema each, shared by the screen and its action.
import { adminRoleSchema } from "~/platform/admin-roles";
import { z } from "~/platform/zod";

/** An admin password: the rule of every form and command that sets one. */
export const passwordSchema = z
  .string()
  .min(12, "Password must be at least 12 characters")
  .max(256, "Password must be at most 256 characters");

/** An admin's sign-in email, kept in lower case. */
export const adminEmailSchema = z
  .email("Please enter a valid email address")
  .max(200)
  .transform((value) => value.toLowerCase());

export const addAdminSchema = z
  .object({
    intent: z.literal("add"),
    email: adminEmailSchema,
    /** The form always sends one; a post without it gets the role that can do least. */
    role: adminRoleSchema.default("editor"),
    passwordMode: z.enum(["generate", "type"]),
    password: z.string().max(256).optional(),
    passwordAgain: z.string().max(256).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.passwordMode !== "type") return;
    const parsed = passwordSchema.safeParse(value.password ?? "");
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: parsed.error.issues[0]?.message ?? "Invalid password",
      });
    } else if (value.password !== value.passwordAgain) {
      ctx.addIssue({
        code: "custom",
        path: ["passwordAgain"],
        message: "The two passwords differ",
      });
    }
  });

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string().min(1, "Enter your current password").max(256),
    newPassword: passwordSchema,
    newPasswordAgain: z.string().max(256),
  })
  .refine((value) => value.newPassword === value.newPasswordAgain, {
    path: ["newPasswordAgain"],
    message: "The two passwords differ",
  });

/** An owner makes another admin (or themselves) an owner or an editor. */
export const adminRoleChangeSchema = z.object({
  intent: z.literal("role"),
  email: adminEmailSchema,
  role: adminRoleSchema,
});

export const adminTargetSchema = z.object({
  intent: z.enum(["revoke", "delete"]),
  email: adminEmailSchema,
});
