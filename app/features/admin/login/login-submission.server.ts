// Signing in through the one submission path: the login page's action (the form with or without
// JavaScript) and POST /api/admin/login (JSON only) both call submitLogin. A JSON caller gets
// {isAuthenticated, admin}; a form post goes on to the editor. Both get the new session's cookie.

import {
  noteSignInBrowser,
  readDeviceToken,
  serializeDeviceCookie,
} from "~/features/admin/email-links/sign-in-notice.server";
import { ApiError } from "~/platform/http/api.server";
import {
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
import { describeSignInFailure, signIn } from "./login.server";
import { type AdminSessionAnswer, loginSchema, loginSuccessPath } from "./login-schema";

export function submitLogin(args: SubmissionArgs, options?: SubmissionOptions) {
  return handleSubmission(
    args,
    {
      schema: loginSchema,
      echo: (fields) => pickFormValues(fields, ["email"]),
      wrongMethodMessage: "Sign in with POST",
      async accept(credentials, { db, config, clientIp, logger }) {
        const result = await signIn(db, {
          ...credentials,
          clientIp,
          previousSessionId: readSessionId(args.request, config.secure),
          device: getRequestDevice(args.request, clientIp),
        });
        if (result.status !== "signed-in") {
          const failure = describeSignInFailure(result);
          throw new ApiError(failure.status, failure.message, { headers: failure.headers });
        }
        // Issue 20 C: a browser new to this admin gets them a notice by email (queued).
        const deviceToken = await noteSignInBrowser(
          { db, config, logger },
          {
            admin: result.admin,
            deviceToken: readDeviceToken(args.request, config.secure),
            userAgent: args.request.headers.get("user-agent") ?? "",
            clientIp,
          },
        );
        const body: AdminSessionAnswer = {
          isAuthenticated: true,
          admin: { email: result.admin.email },
        };
        return {
          body,
          headers: [
            ["Set-Cookie", serializeSessionCookie(result.sessionId, config.secure)],
            ["Set-Cookie", serializeDeviceCookie(deviceToken, config.secure)],
          ],
          redirectTo: loginSuccessPath,
        };
      },
    },
    options,
  );
}
