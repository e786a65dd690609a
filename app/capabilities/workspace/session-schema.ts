// The admin login form's input: one schema for the login page (with and without
// JavaScript) and the POST /api/admin/login endpoint.
import { z } from "~/platform/zod";

/** The ways a sign-in's second step can be passed. */
export type TwoFactorMethod = "totp" | "recovery" | "passkey";

export const loginSchema = z.object({
  email: z
    .string("Please enter a valid email address")
    .trim()
    .toLowerCase()
    .pipe(
      z.email("Please enter a valid email address").max(320, "Please enter a valid email address"),
    ),
  password: z
    .string("Password is required")
    .min(1, "Password is required")
    .max(1024, "Password must be at most 1024 characters"),
});

/** Where a successful login goes. */
export const loginSuccessPath = "/working-editor";

export type LoginInput = z.input<typeof loginSchema>;
export type LoginCredentials = z.output<typeof loginSchema>;

/** What the login endpoint and the session endpoint answer. */
export type AdminSessionAnswer = {
  isAuthenticated: boolean;
  admin: { email: string } | null;
  /** A client may expect a token; this server never sends one. */
  token?: string;
};

/**
 * The login's answer for an admin with two-factor: no session yet, a token for the
 * second step (valid 5 minutes) and the methods it takes.
 */
export type SecondStepAnswer = {
  isAuthenticated: false;
  admin: null;
  twoFactorRequired: true;
  pendingToken: string;
  methods: TwoFactorMethod[];
};

export type LoginAnswer = AdminSessionAnswer | SecondStepAnswer;
