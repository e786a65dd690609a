// The inputs of two-factor sign-in and of the Security screen, one schema each, shared by the
// browser's forms, the pages' actions and the JSON endpoints.
import { z } from "~/platform/zod";

const tokenSchema = z
  .string("Your sign-in has expired. Please sign in again.")
  .regex(/^[\w-]{43}$/, "Your sign-in has expired. Please sign in again.");

/** What a browser's WebAuthn call answers, in outline; @simplewebauthn/server checks the rest. */
export const passkeyResponseSchema = z.looseObject({
  id: z.string().regex(/^[\w-]{1,1400}$/),
  rawId: z.string().regex(/^[\w-]{1,1400}$/),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.looseObject({}),
});

/**
 * The second step of a sign-in: the pending token from the first step, and one of a code from
 * the authenticator app, a recovery code, or a passkey's answer.
 */
export const secondFactorSchema = z.discriminatedUnion("method", [
  z.object({
    pendingToken: tokenSchema,
    method: z.literal("totp"),
    code: z
      .string("Enter the 6-digit code from your authenticator app")
      .trim()
      .regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code from your authenticator app"),
  }),
  z.object({
    pendingToken: tokenSchema,
    method: z.literal("recovery"),
    code: z
      .string("Enter one of your recovery codes")
      .trim()
      .min(10, "Enter one of your recovery codes")
      .max(20, "Enter one of your recovery codes"),
  }),
  z.object({
    pendingToken: tokenSchema,
    method: z.literal("passkey"),
    response: passkeyResponseSchema,
  }),
]);

export type SecondFactorInput = z.output<typeof secondFactorSchema>;

/** Asking for a passkey challenge: for the second step (with its token) or a passkey alone. */
export const passkeyOptionsSchema = z.object({ pendingToken: tokenSchema.optional() });

/** The first code that turns TOTP on. */
export const totpCodeSchema = z.object({
  code: z
    .string("Enter the 6-digit code from your authenticator app")
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code from your authenticator app"),
});

export const passkeyNameSchema = z
  .string("Name this passkey")
  .trim()
  .min(1, "Name this passkey, such as “Work laptop”")
  .max(60, "Keep the name under 60 characters");

/**
 * Adding a passkey, in two calls: "options" (the password again; answers the browser's WebAuthn
 * options and a token), then "add" (its name, that token, the browser's answer).
 */
export const passkeyRegistrationSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("options"),
    password: z
      .string("Enter your password")
      .min(1, "Enter your password")
      .max(1024, "Enter your password"),
  }),
  z.object({
    intent: z.literal("add"),
    name: passkeyNameSchema,
    registrationToken: tokenSchema,
    response: passkeyResponseSchema,
  }),
]);

/** The owner's setting: every admin must have two-factor. */
export const requireTwoFactorSchema = z.object({
  requireTwoFactor: z.enum(["on", "off"], "Choose whether two-factor is required"),
});

/** The Security screen's form posts, by intent. */
export const securityIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totp-start") }),
  z.object({ intent: z.literal("totp-confirm"), code: totpCodeSchema.shape.code }),
  z.object({ intent: z.literal("totp-cancel") }),
  z.object({
    intent: z.literal("totp-disable"),
    code: z.string().trim().max(20).optional(),
    password: z.string().max(1024).optional(),
  }),
  z.object({ intent: z.literal("recovery-renew") }),
  z.object({ intent: z.literal("passkey-remove"), passkeyId: z.string().min(1).max(1400) }),
]);

export type SecurityIntent = z.output<typeof securityIntentSchema>;
