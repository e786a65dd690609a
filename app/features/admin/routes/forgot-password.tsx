// /admin/forgot-password: ask for a password reset link by email. The answer never tells whether
// the address has an account. Without mail set up, the page says how the owner resets a password
// on the server instead.
import { KeyRound, MailCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { isMailEnabled } from "~/capabilities/mail/mail-port.server";
import { FieldError } from "~/features/admin/admins/password-fields";
import { AuthPage, FormAlert } from "~/features/admin/email-links/auth-page";
import { submitForgotPassword } from "~/features/admin/email-links/email-link-submissions.server";
import { getAppContext } from "~/platform/context.server";
import { readFormMessage } from "~/platform/http/form-result";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  return { mailEnabled: isMailEnabled(getAppContext(context).config) };
}

export function action(args: Route.ActionArgs) {
  return submitForgotPassword(args);
}

/** The admin layout's headers, and a refused request's Retry-After. */
export function headers({ parentHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Forgot your password?",
    description: "Get a link to reset your admin password.",
    noindex: true,
  });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.mailEnabled) {
    return (
      <AuthPage
        icon={KeyRound}
        title="Forgot your password?"
        description="Password reset emails are not set up on this site."
      >
        <p className="text-sm text-slate-700">
          Ask the site's owner to set a new password for you on the server:
        </p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 px-4 py-3 text-sm text-slate-50">
          <code>npm run admin -- reset-password you@company.com</code>
        </pre>
        <p className="text-sm text-slate-700">
          Once SMTP_URL and MAIL_FROM are set, this page sends a reset link instead.
        </p>
      </AuthPage>
    );
  }
  if (actionData?.status === "done") {
    return (
      <AuthPage icon={MailCheck} title="Check your email" description={actionData.body.message}>
        <p className="text-sm text-slate-700">
          The link works once, within 30 minutes. Nothing arrived? Check your spam folder, or ask
          for a new link in a few minutes.
        </p>
      </AuthPage>
    );
  }
  const errors = actionData?.status === "failed" ? actionData.errors : {};
  return (
    <AuthPage
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter your admin email and we'll send you a link to choose a new password."
    >
      <Form method="post" className="grid gap-5" noValidate>
        <FormAlert message={readFormMessage(actionData)} />
        <div className="grid gap-2">
          <Label htmlFor="forgot-email">Email Address</Label>
          <Input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@company.com"
            defaultValue={actionData?.values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "forgot-email-error" : undefined}
          />
          <FieldError id="forgot-email-error" message={errors.email} />
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={navigation.state === "submitting"}
        >
          {navigation.state === "submitting" ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </AuthPage>
  );
}
