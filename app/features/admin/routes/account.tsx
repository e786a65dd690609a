// /admin/account, for every admin: where they are signed in (their devices, each to sign out, or
// all others at once) and their password (a change ends every other session).
import { data, redirect, useNavigation } from "react-router";
import { getAdmin, loginPath } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import {
  type AccountIntentResult,
  loadAccount,
  runAccountIntent,
} from "~/features/admin/account/account.server";
import { ChangePasswordCard } from "~/features/admin/account/change-password-card";
import { DevicesCard } from "~/features/admin/account/devices-card";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { readSameOriginForm } from "~/platform/http/api.server";
import { answerFailed } from "~/platform/http/form-result";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { readSessionId } from "~/platform/sessions.server";
import type { Route } from "./+types/account";

export const handle = { adminNav: { label: "Your account", order: 96 } } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  const admin = getAdmin(context);
  return loadAccount(
    db,
    admin,
    readSessionId(request, config.secure),
    await getRequestData(context).timeZone(),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const posted = await readSameOriginForm(request, config.SITE_URL);
  if ("refused" in posted) {
    const { message, status } = posted.refused;
    return data<AccountIntentResult>(answerFailed(message, { form: "devices" }), { status });
  }
  const sessionId = readSessionId(request, config.secure) ?? "";
  const actor = getActor(admin, clientIp);
  const outcome = await runAccountIntent({ db, admin, actor, sessionId }, posted.fields);
  if ("endedOwnSession" in outcome) throw redirect(loginPath);
  return data(outcome.result, { status: outcome.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Your account",
    description: "Where you are signed in, and your password.",
    noindex: true,
  });
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, role, devices } = loaderData;
  const busy = useNavigation().state === "submitting";
  const deviceResult = actionData?.form === "devices" ? actionData : undefined;
  return (
    <AdminPage
      title="Your account"
      description={
        <>
          Signed in as <strong className="font-semibold text-navy">{email}</strong> ({role}).
        </>
      }
    >
      <FormNotice result={deviceResult} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DevicesCard devices={devices} busy={busy} />
        <ChangePasswordCard result={actionData} />
      </div>
    </AdminPage>
  );
}
