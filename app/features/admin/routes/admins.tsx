// /admin/admins, for owners: the admin accounts with their roles. Add one (a password generated or
// typed) or invite one by email, change a role, sign an admin out everywhere, remove an admin
// (never the last owner).

import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { isMailEnabled } from "~/capabilities/mail/mail-port.server";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { FormNotice, Notice } from "~/capabilities/workspace/shell/notice";
import { RoleChoice, RoleForm } from "~/features/admin/admins/admin-roles-ui";
import { listAdmins } from "~/features/admin/admins/admins.server";
import {
  type AdminsIntentResult,
  runAdminsIntent,
} from "~/features/admin/admins/admins-intents.server";
import { FieldError, PasswordInput } from "~/features/admin/admins/password-fields";
import { InviteAdminCard } from "~/features/admin/email-links/invite-admin-card";
import {
  isInviteIntent,
  runInviteIntent,
} from "~/features/admin/email-links/invite-intents.server";
import { listPendingInvites } from "~/features/admin/email-links/invites.server";
import { getActor } from "~/platform/activity/activity.server";
import { adminRoleLabels } from "~/platform/admin-roles";
import { getAppContext } from "~/platform/context.server";
import { formatTime } from "~/platform/format-time";
import { readSameOriginForm } from "~/platform/http/api.server";
import { answerFailed } from "~/platform/http/form-result";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type { Route } from "./+types/admins";

export const handle = {
  adminNav: { label: "Admins", order: 90 },
  role: "owner",
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  const admin = getAdmin(context);
  const mailEnabled = isMailEnabled(config);
  const [admins, timeZone, invites] = await Promise.all([
    listAdmins(db),
    getRequestData(context).timeZone(),
    mailEnabled ? listPendingInvites(db) : [],
  ]);
  return {
    me: admin.email,
    admins: admins.map((entry) => ({ ...entry, created: formatTime(entry.createdAt, timeZone) })),
    mailEnabled,
    invites: invites.map((invite) => ({
      ...invite,
      expires: formatTime(invite.expiresAt, timeZone),
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const posted = await readSameOriginForm(request, config.SITE_URL);
  if ("refused" in posted) {
    const { message, status } = posted.refused;
    return data<AdminsIntentResult>(answerFailed(message, { form: "row" }), { status });
  }
  const actor = getActor(admin, clientIp);
  if (isInviteIntent(posted.fields)) {
    const invite = await runInviteIntent({ db, config, actor }, posted.fields);
    return data(invite.result, { status: invite.status });
  }
  const outcome = await runAdminsIntent({ db, admin, actor }, posted.fields);
  if ("endedOwnSession" in outcome) throw redirect("/admin/login");
  // An owner who made themselves an editor can no longer open this screen.
  if ("leftOwnScreen" in outcome) throw redirect("/admin/account");
  return data(outcome.result, { status: outcome.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Admins",
    description: "The people who can sign in to the admin.",
    noindex: true,
  });
}

function AddAdminCard({ result }: { result: AdminsIntentResult | undefined }) {
  const [mode, setMode] = useState<"generate" | "type">("generate");
  const own = result?.form === "add" ? result : undefined;
  const errors = own?.status === "failed" ? own.errors : {};
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Add an admin</h2>
        <CardDescription>
          They sign in at /admin/login with this email and password. Inviting admins by email, to
          choose their own password, needs mail set up (SMTP_URL and MAIL_FROM).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {own?.status === "done" ? (
          <Notice tone="success">
            <p className="font-semibold">{own.body.message}</p>
            {own.body.password ? (
              <p className="mt-1">
                Their password, shown only this once:{" "}
                <code className="rounded bg-white px-1.5 py-0.5 font-mono text-sm ring-1 ring-emerald-200 break-all">
                  {own.body.password}
                </code>
              </p>
            ) : null}
          </Notice>
        ) : null}
        <Form
          method="post"
          className="grid gap-4"
          key={own?.status === "done" ? own.body.message : "add"}
        >
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-1.5">
            <Label htmlFor="add-email">Email</Label>
            <Input
              id="add-email"
              name="email"
              type="email"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "add-email-error" : undefined}
            />
            <FieldError id="add-email-error" message={errors.email} />
          </div>
          <RoleChoice />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Their password</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="passwordMode"
                value="generate"
                checked={mode === "generate"}
                onChange={() => setMode("generate")}
              />
              Generate a strong password and show it once
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="passwordMode"
                value="type"
                checked={mode === "type"}
                onChange={() => setMode("type")}
              />
              Type a password
            </label>
          </fieldset>
          {mode === "type" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <PasswordInput
                id="add-password"
                name="password"
                label="Password"
                error={errors.password}
                autoComplete="new-password"
              />
              <PasswordInput
                id="add-password-again"
                name="passwordAgain"
                label="Password again"
                error={errors.passwordAgain}
                autoComplete="new-password"
              />
            </div>
          ) : null}
          <div>
            <Button type="submit">Add admin</Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

export default function AdminsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { admins, me, mailEnabled, invites } = loaderData;
  const cardResult = actionData?.form === "invite" ? undefined : actionData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const rowResult = actionData?.form === "row" ? actionData : undefined;
  return (
    <AdminPage title="Admins" description="The people who can sign in to this admin.">
      <FormNotice result={rowResult} />
      <Card className="overflow-hidden">
        <ul className="divide-y divide-border">
          {admins.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold wrap-anywhere text-navy">
                  {entry.email}
                  <Badge variant={entry.role === "owner" ? "default" : "secondary"}>
                    {adminRoleLabels[entry.role]}
                  </Badge>
                  {entry.email === me ? (
                    <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
                      You
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  Added {entry.created} ·{" "}
                  {entry.activeSessions === 1
                    ? "1 active session"
                    : `${entry.activeSessions} active sessions`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <RoleForm key={entry.role} email={entry.email} role={entry.role} busy={busy} />
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="email" value={entry.email} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    Sign out everywhere<span className="sr-only"> ({entry.email})</span>
                  </Button>
                </Form>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (
                      !window.confirm(
                        `Remove ${entry.email}? They will no longer be able to sign in.`,
                      )
                    ) {
                      event.preventDefault();
                    }
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="email" value={entry.email} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:bg-red-50"
                    disabled={busy}
                  >
                    Remove<span className="sr-only"> {entry.email}</span>
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <div className="max-w-2xl">
        {mailEnabled ? (
          <InviteAdminCard
            result={actionData?.form === "invite" ? actionData : undefined}
            invites={invites}
          />
        ) : (
          <AddAdminCard result={cardResult} />
        )}
      </div>
    </AdminPage>
  );
}
