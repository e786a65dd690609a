// The admin login form: Email Address, Password with a show/hide
// toggle, Sign In. With JavaScript it validates in place, calls the login API and shows the
// login toasts; without it the browser posts the form to the page's action.
import { Eye, EyeOff } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { describeRequestError, logIn } from "~/capabilities/workspace/session-client";
import { loginSchema, type SecondStepAnswer } from "~/capabilities/workspace/session-schema";
import { type FieldErrors, toFieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { preloadToaster } from "~/ui/toaster-slot";
import { toast } from "~/ui/use-toast";

/** The pause between "Login Successful" and the full navigation to the editor. */
export const loginRedirectDelayMs = 500;

export function LoginForm({
  serverErrors,
  serverFormError,
  defaultEmail,
  successPath,
  onSecondStep,
}: {
  serverErrors?: FieldErrors | undefined;
  serverFormError?: string | undefined;
  defaultEmail?: string | undefined;
  successPath: string;
  /** The password was right and the admin has two-factor: the page shows the second step. */
  onSecondStep: (answer: SecondStepAnswer) => void;
}) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // "Login Successful" shows for only half a second before the redirect: have its code ready.
  useEffect(preloadToaster, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
    });
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      (fieldErrors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const answer = await logIn(parsed.data);
      if (answer && "twoFactorRequired" in answer) {
        onSecondStep(answer);
        return;
      }
      toast({ title: "Login Successful", description: "Redirecting to editor..." });
      window.setTimeout(() => window.location.assign(successPath), loginRedirectDelayMs);
    } catch (error) {
      setPending(false);
      toast({
        title: "Login Failed",
        description: describeRequestError(error, "Invalid email or password"),
        variant: "destructive",
      });
    }
  }

  return (
    <form method="post" noValidate onSubmit={handleSubmit} className="grid gap-5">
      {serverFormError ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-destructive"
        >
          {serverFormError}
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="login-email">Email Address</Label>
        <Input
          ref={emailRef}
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com"
          defaultValue={defaultEmail}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "login-email-error" : undefined}
        />
        {errors.email ? (
          <p id="login-email-error" className="text-sm font-medium text-destructive">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-password">Password</Label>
        <div className="relative">
          <Input
            ref={passwordRef}
            id="login-password"
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            className="pr-11"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "login-password-error" : undefined}
          />
          {hydrated ? (
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? "Hide password" : "Show password"}
              aria-controls="login-password"
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-500 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              {showPassword ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          ) : null}
        </div>
        {errors.password ? (
          <p id="login-password-error" className="text-sm font-medium text-destructive">
            {errors.password}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
