// /admin/security: the signed-in admin's own two-factor sign-in: the authenticator app, recovery
// codes (shown once) and passkeys. Each change ends the admin's other sessions; while the site
// requires two-factor, an admin without it is sent here first.
import { KeyRound, ShieldAlert, ShieldCheck, Smartphone } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice } from "~/capabilities/workspace/shell/notice";
import { readRequireTwoFactor } from "~/capabilities/workspace/two-factor-requirement.server";
import { PasskeyAdder } from "~/features/admin/two-factor/passkey-adder";
import {
  runSecurityIntent,
  type SecurityAnswer,
} from "~/features/admin/two-factor/security-intents.server";
import { buildOtpAuthUrl } from "~/features/admin/two-factor/totp.server";
import {
  hasTwoFactor,
  readPendingTotpSecret,
  readTwoFactorStatus,
} from "~/features/admin/two-factor/two-factor.server";
import { securityIntentSchema } from "~/features/admin/two-factor/two-factor-schemas";
import { getAppContext } from "~/platform/context.server";
import { formatTime } from "~/platform/format-time";
import type { FormResult } from "~/platform/http/form-result";
import { handleSubmission } from "~/platform/http/submission.server";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { readSessionId } from "~/platform/sessions.server";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { FormField } from "~/ui/forms/form-field";
import { Input } from "~/ui/input";
import { toast } from "~/ui/use-toast";
import type { Route } from "./+types/security";

export const handle = { adminNav: { label: "Security", order: 97 } } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const { db, config } = getAppContext(context);
  const [status, pendingSecret, required, timeZone] = await Promise.all([
    readTwoFactorStatus(db, admin.adminId),
    readPendingTotpSecret(db, admin.adminId),
    readRequireTwoFactor(db),
    getRequestData(context).timeZone(),
  ]);
  // The QR code is drawn here, as an SVG image: the secret never goes to a third party.
  const setup = pendingSecret
    ? {
        secret: pendingSecret.replace(/(.{4})/g, "$1 ").trim(),
        qrCode: `data:image/svg+xml;base64,${Buffer.from(
          await QRCode.toString(
            buildOtpAuthUrl(pendingSecret, new URL(config.SITE_URL).hostname, admin.email),
            { type: "svg", margin: 1, errorCorrectionLevel: "M" },
          ),
        ).toString("base64")}`,
      }
    : null;
  return {
    email: admin.email,
    totp: status.totp,
    setup,
    recoveryCodesLeft: status.recoveryCodesLeft,
    passkeys: status.passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      added: formatTime(passkey.createdAt, timeZone),
      lastUsed: passkey.lastUsedAt ? formatTime(passkey.lastUsedAt, timeZone) : null,
    })),
    enabled: hasTwoFactor(status),
    // Sent here by the site's requirement (the middleware's redirect), or simply required.
    mustSetUp: required && !hasTwoFactor(status),
    sentHere: new URL(request.url).searchParams.has("required"),
  };
}

export function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  return handleSubmission<SecurityIntentInput, SecurityAnswer>(
    { request, context },
    {
      schema: securityIntentSchema,
      echo: (fields) => ({ intent: fields.intent ?? "" }),
      async accept(input, app) {
        const body = await runSecurityIntent(
          app.db,
          {
            adminId: admin.adminId,
            email: admin.email,
            sessionId: readSessionId(request, app.config.secure) ?? "",
            address: app.clientIp,
          },
          input,
        );
        return { body };
      },
    },
  );
}

type SecurityIntentInput = Parameters<typeof runSecurityIntent>[2];

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Security",
    description: "Your two-factor sign-in: authenticator app, recovery codes and passkeys.",
    noindex: true,
  });
}

/** A field for a code from the authenticator app. */
function CodeField({ id, label, error }: { id: string; label: string; error: string | undefined }) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="max-w-40 font-mono tracking-widest"
        />
      )}
    </FormField>
  );
}

function RecoveryCodesShown({ codes }: { codes: string[] }) {
  return (
    <Notice tone="warning" title="Save your recovery codes now">
      <p>
        Each code signs you in once if you lose your phone or passkey. They are shown only this
        once: print them or keep them in a password manager.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-3 py-1.5 ring-1 ring-amber-200">
            {code}
          </li>
        ))}
      </ol>
    </Notice>
  );
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { totp, setup, recoveryCodesLeft, passkeys, enabled, mustSetUp, sentHere } = loaderData;
  const result: FormResult<SecurityAnswer> | undefined = actionData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A refused code shows under the field of the form that sent it.
  const errorOf = (intent: string) =>
    result?.status === "failed" && result.values.intent === intent ? result.errors.code : undefined;
  const errors = result?.status === "failed" ? result.errors : {};
  // A first passkey's recovery codes come back to the browser's call, not to a form post.
  const [passkeyCodes, setPasskeyCodes] = useState<string[] | undefined>();

  useEffect(() => {
    if (!result) return;
    if (result.status === "done") toast({ title: "Security", description: result.body.message });
    else toast({ title: "Not Changed", description: result.message, variant: "destructive" });
  }, [result]);

  return (
    <AdminPage
      title="Security"
      description="Two-factor sign-in for your own account: after your password, a code from your phone or a passkey."
    >
      {mustSetUp ? (
        <Notice
          tone="warning"
          icon={<ShieldAlert className="size-5" aria-hidden="true" />}
          title="Two-factor is required"
        >
          {sentHere
            ? "This site requires two-factor sign-in for every admin. Set up an authenticator app or a passkey to continue to the other screens."
            : "This site requires two-factor sign-in for every admin: set up an authenticator app or a passkey."}
        </Notice>
      ) : null}
      {passkeyCodes ? <RecoveryCodesShown codes={passkeyCodes} /> : null}
      {result?.status === "done" ? (
        result.body.recoveryCodes ? (
          <RecoveryCodesShown codes={result.body.recoveryCodes} />
        ) : (
          <Notice tone="success">{result.body.message}</Notice>
        )
      ) : null}
      {result?.status === "failed" && Object.keys(errors).length === 0 ? (
        <Notice tone="warning">{result.message}</Notice>
      ) : null}

      <Card>
        <CardContent className="flex flex-wrap items-center gap-4 pt-6">
          <div
            className={`flex size-12 items-center justify-center rounded-full ${enabled ? "bg-emerald-50 text-emerald-700" : "bg-amber-50 text-amber-700"}`}
          >
            {enabled ? (
              <ShieldCheck className="size-6" aria-hidden="true" />
            ) : (
              <ShieldAlert className="size-6" aria-hidden="true" />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold leading-tight">
              Two-factor sign-in is {enabled ? "on" : "off"}
            </h2>
            <p className="text-sm text-muted-foreground">
              {enabled
                ? "Signing in takes your password and a second step."
                : "Anyone with your password can sign in. Add an authenticator app or a passkey."}
            </p>
          </div>
          <Badge variant={enabled ? "accent" : "outline"} className="max-sm:hidden">
            {enabled ? "Protected" : "Password only"}
          </Badge>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Smartphone className="size-5 text-primary" aria-hidden="true" />
              <h2 className="text-lg font-semibold leading-tight">Authenticator app</h2>
              {totp ? <Badge variant="accent">On</Badge> : null}
            </div>
            <CardDescription>
              A 6-digit code that changes every 30 seconds, from an app such as Google
              Authenticator, Microsoft Authenticator or 1Password.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {totp ? (
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="totp-disable" />
                <p className="text-sm">
                  To turn it off, confirm it is you with a current code or your password.
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  <CodeField
                    id="disable-code"
                    label="Current code"
                    error={errorOf("totp-disable")}
                  />
                  <FormField id="disable-password" label="Or your password">
                    {(control) => (
                      <Input
                        {...control}
                        name="password"
                        type="password"
                        autoComplete="current-password"
                      />
                    )}
                  </FormField>
                </div>
                <div>
                  <Button type="submit" variant="outline" disabled={busy}>
                    Turn off authenticator app
                  </Button>
                </div>
              </Form>
            ) : setup ? (
              <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
                <img
                  src={setup.qrCode}
                  alt="QR code to scan with your authenticator app"
                  width={176}
                  height={176}
                  className="size-44 rounded-md border border-border bg-white p-2"
                />
                <div className="grid gap-3">
                  <ol className="list-decimal space-y-1 pl-5 text-sm">
                    <li>Scan the QR code with your app.</li>
                    <li>
                      Or type this key into it:{" "}
                      <code
                        data-testid="totp-secret"
                        className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-words"
                      >
                        {setup.secret}
                      </code>
                    </li>
                    <li>Enter the 6-digit code the app shows.</li>
                  </ol>
                  <Form method="post" className="grid gap-2">
                    <input type="hidden" name="intent" value="totp-confirm" />
                    <CodeField
                      id="setup-code"
                      label="6-digit code"
                      error={errorOf("totp-confirm")}
                    />
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" disabled={busy}>
                        Turn on
                      </Button>
                      <Button
                        type="submit"
                        variant="ghost"
                        name="intent"
                        value="totp-cancel"
                        formNoValidate
                      >
                        Cancel set-up
                      </Button>
                    </div>
                  </Form>
                </div>
              </div>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="totp-start" />
                <Button type="submit" disabled={busy}>
                  Set up authenticator app
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <KeyRound className="size-5 text-primary" aria-hidden="true" />
              <h2 className="text-lg font-semibold leading-tight">Passkeys</h2>
            </div>
            <CardDescription>
              Sign in with your fingerprint, face or device PIN instead of a password and code. A
              passkey stays on your device or in your password manager.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {passkeys.length > 0 ? (
              <ul
                className="divide-y divide-border rounded-md border border-border"
                aria-label="Your passkeys"
              >
                {passkeys.map((passkey) => (
                  <li key={passkey.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words">{passkey.name}</p>
                      <p className="text-xs text-muted-foreground">
                        Added {passkey.added}
                        {passkey.lastUsed ? ` · last used ${passkey.lastUsed}` : " · not used yet"}
                      </p>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="intent" value="passkey-remove" />
                      <input type="hidden" name="passkeyId" value={passkey.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={`Remove passkey ${passkey.name}`}
                      >
                        Remove
                      </Button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No passkeys yet.</p>
            )}
            <PasskeyAdder onRecoveryCodes={setPasskeyCodes} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">Recovery codes</h2>
          <CardDescription>
            {enabled
              ? `${recoveryCodesLeft} of 10 unused. Each signs you in once if you lose your phone or passkey.`
              : "Ten single-use codes come with your first authenticator app or passkey."}
          </CardDescription>
        </CardHeader>
        {enabled ? (
          <CardContent>
            <Form method="post">
              <input type="hidden" name="intent" value="recovery-renew" />
              <Button type="submit" variant="outline" disabled={busy}>
                Generate new recovery codes
              </Button>
            </Form>
          </CardContent>
        ) : null}
      </Card>
    </AdminPage>
  );
}
