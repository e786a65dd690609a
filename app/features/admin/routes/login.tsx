// /admin/login: the admin login screen. With JavaScript the form calls the JSON API; without it, it
// posts here, through the one submission path. An admin with two-factor then gets the second step
// (posted to ?second-factor); any admin may sign in with a passkey alone.
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { Link, redirect } from "react-router";
import type { TwoFactorMethod } from "~/capabilities/workspace/session-schema";
import { loginSuccessPath, type SecondStepAnswer } from "~/capabilities/workspace/session-schema";
import { AuthPage } from "~/features/admin/email-links/auth-page";
import { LoginForm } from "~/features/admin/login/login-form";
import { submitLogin, submitSecondFactor } from "~/features/admin/login/login-submission.server";
import { PasskeySignInButton, SecondFactorForm } from "~/features/admin/login/second-factor-form";
import { readFormMessage } from "~/platform/http/form-result";
import { getRequestData } from "~/platform/request-data.server";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/login";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await getRequestData(context).session();
  if (session) throw redirect(loginSuccessPath);
  return null;
}

export function action(args: Route.ActionArgs) {
  if (new URL(args.request.url).searchParams.has("second-factor")) {
    return submitSecondFactor(args);
  }
  return submitLogin(args);
}

const allMethods: TwoFactorMethod[] = ["totp", "recovery", "passkey"];

/** The second step a form post without JavaScript left the page at, if any. */
function readSecondStep(actionData: Route.ComponentProps["actionData"]) {
  if (!actionData) return undefined;
  if (actionData.status === "done" && "twoFactorRequired" in actionData.body) {
    return { ...actionData.body, error: undefined, method: undefined };
  }
  // A wrong code: the same step again, with its token, the method used, and the message.
  const token = actionData.status === "failed" ? actionData.values.pendingToken : undefined;
  if (actionData.status !== "failed" || !token) return undefined;
  return {
    pendingToken: token,
    methods: allMethods,
    error: actionData.message,
    method: actionData.values.method,
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Admin Login",
    description: "Sign in to manage your company website content.",
    noindex: true,
  });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const [secondStep, setSecondStep] = useState<SecondStepAnswer | undefined>();
  const fromPost = readSecondStep(actionData);
  const step = secondStep ?? fromPost;
  return (
    <AuthPage
      icon={LockKeyhole}
      title="Admin Login"
      description="Sign in to manage your company website content"
      back={{ to: "/", label: "Back to website" }}
    >
      {step ? (
        <SecondFactorForm
          key={step.pendingToken}
          pendingToken={step.pendingToken}
          methods={step.methods}
          successPath={loginSuccessPath}
          serverError={secondStep ? undefined : fromPost?.error}
          initialMethod={secondStep ? undefined : fromPost?.method}
        />
      ) : (
        <div className="grid gap-4">
          <LoginForm
            key={actionData ? JSON.stringify(actionData) : "initial"}
            serverErrors={actionData?.status === "failed" ? actionData.errors : undefined}
            serverFormError={readFormMessage(actionData)}
            defaultEmail={actionData?.values.email}
            successPath={loginSuccessPath}
            onSecondStep={setSecondStep}
          />
          <PasskeySignInButton successPath={loginSuccessPath} />
          <p className="text-center text-sm">
            <Link
              to="/admin/forgot-password"
              className="rounded-md font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
          </p>
        </div>
      )}
    </AuthPage>
  );
}
