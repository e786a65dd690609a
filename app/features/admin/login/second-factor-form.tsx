// The login's second step, shown after a right password for an admin with two-factor:
// a code from the authenticator app, or a recovery code, or the admin's passkey. With JavaScript
// it calls POST /api/admin/login/second-factor; without, the form posts to the page (?second-factor).
import { KeyRound } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { TwoFactorMethod } from "~/capabilities/workspace/session-schema";
import {
  describePasskeyError,
  signInWithPasskey,
} from "~/features/admin/two-factor/passkey-client";
import { ApiRequestError, postJson } from "~/platform/api-client";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { toast } from "~/ui/use-toast";
import { describeRequestError } from "../../../capabilities/workspace/session-client";
import type { AdminSessionAnswer } from "../../../capabilities/workspace/session-schema";
import { loginRedirectDelayMs } from "./login-form";

type CodeMethod = Exclude<TwoFactorMethod, "passkey">;

const codeFields: Record<CodeMethod, { label: string; hint: string; switchTo: string }> = {
  totp: {
    label: "Authentication code",
    hint: "The 6-digit code your authenticator app shows now.",
    switchTo: "Use your authenticator app instead",
  },
  recovery: {
    label: "Recovery code",
    hint: "One of the codes you saved when you set up two-factor. Each works once.",
    switchTo: "Use a recovery code instead",
  },
};

/** Signed in: the success toast, then the editor. */
export function announceSignIn(successPath: string): void {
  toast({ title: "Login Successful", description: "Redirecting to editor..." });
  window.setTimeout(() => window.location.assign(successPath), loginRedirectDelayMs);
}

export function SecondFactorForm({
  pendingToken,
  methods,
  successPath,
  serverError,
  initialMethod,
}: {
  pendingToken: string;
  methods: TwoFactorMethod[];
  successPath: string;
  serverError?: string | undefined;
  initialMethod?: string | undefined;
}) {
  const hydrated = useHydrated();
  const codeMethods = methods.filter((method): method is CodeMethod => method !== "passkey");
  const [method, setMethod] = useState<CodeMethod | undefined>(
    codeMethods.find((entry) => entry === initialMethod) ?? codeMethods[0],
  );
  const [error, setError] = useState(serverError);
  const [pending, setPending] = useState(false);
  const [restart, setRestart] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => codeRef.current?.focus(), []);

  function fail(caught: unknown) {
    setPending(false);
    const message =
      describePasskeyError(caught) ?? describeRequestError(caught, "That code is not right.");
    setError(message);
    // Expired or locked: this sign-in is over; the password comes first again.
    if (
      caught instanceof ApiRequestError &&
      (caught.status === 429 || caught.serverMessage?.includes("expired"))
    ) {
      setRestart(true);
    }
    toast({ title: "Login Failed", description: message, variant: "destructive" });
    codeRef.current?.select();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !method) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setError(`Enter your ${codeFields[method].label.toLowerCase()}`);
      codeRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      await postJson<AdminSessionAnswer>("/api/admin/login/second-factor", {
        pendingToken,
        method,
        code,
      });
      announceSignIn(successPath);
    } catch (caught) {
      fail(caught);
    }
  }

  async function handlePasskey() {
    if (pending) return;
    setPending(true);
    try {
      await signInWithPasskey(pendingToken);
      announceSignIn(successPath);
    } catch (caught) {
      fail(caught);
    }
  }

  const otherMethod = codeMethods.find((entry) => entry !== method);
  return (
    <div className="grid gap-5">
      <div>
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <p className="text-sm text-muted-foreground">
          Your password was right. Confirm it is you to finish signing in.
        </p>
      </div>
      {error ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-destructive"
        >
          {error}
          {restart ? (
            <>
              {" "}
              <a href="/admin/login" className="font-medium underline underline-offset-4">
                Start again
              </a>
            </>
          ) : null}
        </div>
      ) : null}
      {method ? (
        <form
          method="post"
          action="?second-factor"
          noValidate
          onSubmit={handleSubmit}
          className="grid gap-3"
        >
          <input type="hidden" name="pendingToken" value={pendingToken} />
          <input type="hidden" name="method" value={method} />
          <div className="grid gap-2">
            <Label htmlFor="second-factor-code">{codeFields[method].label}</Label>
            <Input
              ref={codeRef}
              key={method}
              id="second-factor-code"
              name="code"
              autoComplete="one-time-code"
              inputMode={method === "totp" ? "numeric" : "text"}
              maxLength={method === "totp" ? 7 : 20}
              className="font-mono tracking-widest"
              aria-describedby="second-factor-hint"
            />
            <p id="second-factor-hint" className="text-xs text-muted-foreground">
              {codeFields[method].hint}
            </p>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? "Checking..." : "Verify"}
          </Button>
          {otherMethod ? (
            hydrated ? (
              <Button
                type="button"
                variant="link"
                className="justify-self-center"
                onClick={() => {
                  setMethod(otherMethod);
                  setError(undefined);
                }}
              >
                {codeFields[otherMethod].switchTo}
              </Button>
            ) : null
          ) : null}
        </form>
      ) : null}
      {methods.includes("passkey") ? (
        <Button
          type="button"
          variant={method ? "outline" : "default"}
          size="lg"
          className="w-full"
          disabled={!hydrated || pending}
          onClick={handlePasskey}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          Use your passkey
        </Button>
      ) : null}
    </div>
  );
}

/**
 * "Use a passkey" on the login page: a passkey alone, no email or password. (Not named "Sign in
 * with...": the form's own button is "Sign In", and one name should not contain the other.)
 */
export function PasskeySignInButton({ successPath }: { successPath: string }) {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          try {
            await signInWithPasskey();
            announceSignIn(successPath);
          } catch (caught) {
            setPending(false);
            toast({
              title: "Login Failed",
              description:
                describePasskeyError(caught) ??
                describeRequestError(caught, "This passkey could not sign you in."),
              variant: "destructive",
            });
          }
        }}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        {pending ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
    </>
  );
}
