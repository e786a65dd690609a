// Signing in through the one submission path: the login page's action and POST /api/admin/login
// both call submitLogin, and get the new session's cookie; an admin with two-factor gets the second
// step instead, which submitSecondFactor completes.

import {
  noteSignInBrowser,
  readDeviceToken,
  serializeDeviceCookie,
} from "~/features/admin/email-links/sign-in-notice.server";
import { getRelyingParty } from "~/features/admin/two-factor/passkeys.server";
import {
  passkeyOptionsSchema,
  secondFactorSchema,
} from "~/features/admin/two-factor/two-factor-schemas";
import type { AppContext } from "~/platform/context.server";
import { ApiError } from "~/platform/http/api.server";
import {
  type Accepted,
  handleSubmission,
  pickFormValues,
  type SubmissionArgs,
  type SubmissionOptions,
} from "~/platform/http/submission.server";
import {
  getRequestDevice,
  readSessionId,
  serializeSessionCookie,
} from "~/platform/sessions.server";
import {
  type AdminSessionAnswer,
  type LoginAnswer,
  loginSchema,
  loginSuccessPath,
} from "../../../capabilities/workspace/session-schema";
import {
  describeSignInFailure,
  expiredSignInMessage,
  type SignInResult,
  signIn,
} from "./login.server";
import { completeSecondFactor, startPasskeySignIn } from "./second-factor.server";

/**
 * The answer to a sign-in step: the session, the second step's prompt, or the refusal thrown. A
 * session in a browser new to this admin gets them a notice by email (queued).
 */
async function answerSignIn(
  result: SignInResult,
  app: AppContext,
  request: Request,
): Promise<Accepted<LoginAnswer>> {
  if (result.status === "second-factor") {
    return {
      body: {
        isAuthenticated: false,
        admin: null,
        twoFactorRequired: true,
        pendingToken: result.pendingToken,
        methods: result.methods,
      },
    };
  }
  if (result.status !== "signed-in") {
    const failure = describeSignInFailure(result);
    throw new ApiError(failure.status, failure.message, { headers: failure.headers });
  }
  const deviceToken = await noteSignInBrowser(app, {
    admin: result.admin,
    deviceToken: readDeviceToken(request, app.config.secure),
    userAgent: request.headers.get("user-agent") ?? "",
    clientIp: app.clientIp,
  });
  const body: AdminSessionAnswer = { isAuthenticated: true, admin: { email: result.admin.email } };
  return {
    body,
    headers: [
      ["Set-Cookie", serializeSessionCookie(result.sessionId, app.config.secure)],
      ["Set-Cookie", serializeDeviceCookie(deviceToken, app.config.secure)],
    ],
    redirectTo: loginSuccessPath,
  };
}

export function submitLogin(args: SubmissionArgs, options?: SubmissionOptions) {
  return handleSubmission(
    args,
    {
      schema: loginSchema,
      echo: (fields) => pickFormValues(fields, ["email"]),
      wrongMethodMessage: "Sign in with POST",
      async accept(credentials, app) {
        const result = await signIn(app.db, {
          ...credentials,
          clientIp: app.clientIp,
          previousSessionId: readSessionId(args.request, app.config.secure),
          device: getRequestDevice(args.request, app.clientIp),
        });
        return answerSignIn(result, app, args.request);
      },
    },
    options,
  );
}

/** The second step: a code, a recovery code or a passkey for the pending sign-in. */
export function submitSecondFactor(args: SubmissionArgs, options?: SubmissionOptions) {
  return handleSubmission(
    args,
    {
      schema: secondFactorSchema,
      // The form's second step is shown again after a wrong code, with its token and method.
      echo: (fields) => pickFormValues(fields, ["pendingToken", "method"]),
      wrongMethodMessage: "Send the second step with POST",
      async accept(input, app) {
        const result = await completeSecondFactor(
          app.db,
          {
            ...input,
            clientIp: app.clientIp,
            previousSessionId: readSessionId(args.request, app.config.secure),
            device: getRequestDevice(args.request, app.clientIp),
          },
          getRelyingParty(app.config.SITE_URL, args.request),
        );
        return answerSignIn(result, app, args.request);
      },
    },
    options,
  );
}

/** A passkey challenge for the login page: the second step's, or a passkey-alone sign-in's. */
export function submitPasskeyOptions(args: SubmissionArgs) {
  return handleSubmission(
    args,
    {
      schema: passkeyOptionsSchema,
      wrongMethodMessage: "Ask for a passkey challenge with POST",
      async accept(input, app) {
        const challenge = await startPasskeySignIn(
          app.db,
          { pendingToken: input.pendingToken, clientIp: app.clientIp },
          getRelyingParty(app.config.SITE_URL, args.request),
        );
        if (challenge === "expired") throw new ApiError(401, expiredSignInMessage);
        if ("retryAfterSeconds" in challenge) {
          const failure = describeSignInFailure({ status: "ip-limited", ...challenge });
          throw new ApiError(failure.status, failure.message, { headers: failure.headers });
        }
        return { body: challenge };
      },
    },
    { jsonOnly: true },
  );
}
