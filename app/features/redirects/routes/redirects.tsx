// /admin/redirects: every redirect (the owner's rules and the renamed items' old addresses) with
// its hits, the tester, the add/edit form, the CSV import and the missing addresses.

import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { RedirectsScreen } from "../components/redirects-screen";
import { loadRedirectScreen, submitRedirectScreen } from "../redirect-screen.server";
import type { Route } from "./+types/redirects";

export const handle = {
  adminNav: { label: "Redirects", order: 75 },
  role: "owner",
} satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const [screen, timeZone] = await Promise.all([
    loadRedirectScreen(context, new URL(request.url)),
    getRequestData(context).timeZone(),
  ]);
  return { ...screen, timeZone };
}

export async function action({ context, request }: Route.ActionArgs) {
  return submitRedirectScreen({ context, request });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Redirects",
    description: "Redirects of old addresses and the addresses visitors could not find.",
    noindex: true,
  });
}

export default function RedirectsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RedirectsScreen data={loaderData} result={actionData} />;
}
