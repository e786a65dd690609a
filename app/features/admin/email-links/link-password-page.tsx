// The page an emailed link opens (a password reset, an invitation): a new password typed twice,
// then what happened; a used or expired link says so and what to do instead. One description per
// kind of link drives the page.
import { CircleCheck, KeyRound, type LucideIcon, TimerOff, UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PasswordInput } from "~/features/admin/admins/password-fields";
import type { FormResult } from "~/platform/http/form-result";
import { readFormMessage } from "~/platform/http/form-result";
import { Button } from "~/ui/button";
import { AuthPage, FormAlert } from "./auth-page";
import type { LinkOutcome } from "./email-link-forms";

type LinkPageText = {
  icon: LucideIcon;
  title: string;
  intro: (email: string) => string;
  passwordLabel: string;
  submit: string;
  submitting: string;
  doneTitle: string;
  done: string;
  expired: string;
  /** Where an expired link's reader goes next, if anywhere. */
  expiredAction?: { to: string; label: string };
};

export const linkPageTexts = {
  reset: {
    icon: KeyRound,
    title: "Choose a new password",
    intro: (email) => `For the admin account ${email}.`,
    passwordLabel: "New password",
    submit: "Set new password",
    submitting: "Setting password...",
    doneTitle: "Your password was changed",
    done: "Every session of your account has ended. Sign in with your new password.",
    expired: "Reset links work once, for 30 minutes. Ask for a new one to choose your password.",
    expiredAction: { to: "/admin/forgot-password", label: "Send a new link" },
  },
  invite: {
    icon: UserPlus,
    title: "Create your admin account",
    intro: (email) => `You were invited to sign in as ${email}. Choose your password.`,
    passwordLabel: "Password",
    submit: "Create account",
    submitting: "Creating account...",
    doneTitle: "Your account is ready",
    done: "Sign in with your email and the password you just chose.",
    expired:
      "Invitations work once, for 72 hours. Ask the person who invited you to send a new one.",
  },
} satisfies Record<"reset" | "invite", LinkPageText>;

export function LinkPasswordPage({
  text,
  link,
  token,
  result,
}: {
  text: LinkPageText;
  /** The link's account while the link works; undefined when it was used or has expired. */
  link: { email: string } | undefined;
  token: string;
  result: FormResult<LinkOutcome> | undefined;
}) {
  const navigation = useNavigation();
  const outcome = result?.status === "done" ? result.body : undefined;
  if (outcome?.outcome === "done" || outcome?.outcome === "already-admin") {
    const already = outcome.outcome === "already-admin";
    return (
      <AuthPage
        icon={CircleCheck}
        title={already ? "You already have an account" : text.doneTitle}
        description={
          already
            ? `${outcome.email} can already sign in; if you forgot its password, reset it.`
            : text.done
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/admin/login">Go to sign in</Link>
        </Button>
      </AuthPage>
    );
  }
  if (!link || outcome?.outcome === "expired") {
    return (
      <AuthPage
        icon={TimerOff}
        title="This link has expired or was already used"
        description={text.expired}
      >
        {text.expiredAction ? (
          <Button asChild size="lg" className="w-full">
            <Link to={text.expiredAction.to}>{text.expiredAction.label}</Link>
          </Button>
        ) : null}
      </AuthPage>
    );
  }
  const errors = result?.status === "failed" ? result.errors : {};
  const busy = navigation.state === "submitting";
  return (
    <AuthPage icon={text.icon} title={text.title} description={text.intro(link.email)}>
      <Form method="post" className="grid gap-5" noValidate>
        <FormAlert message={readFormMessage(result)} />
        <input type="hidden" name="token" value={token} />
        {/* For password managers: the account the new password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={link.email}
          readOnly
          hidden
        />
        <p className="text-sm text-muted-foreground">At least 12 characters.</p>
        <PasswordInput
          id="link-password"
          name="password"
          label={text.passwordLabel}
          error={errors.password}
          autoComplete="new-password"
        />
        <PasswordInput
          id="link-password-again"
          name="passwordAgain"
          label={`${text.passwordLabel} again`}
          error={errors.passwordAgain}
          autoComplete="new-password"
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? text.submitting : text.submit}
        </Button>
      </Form>
    </AuthPage>
  );
}
