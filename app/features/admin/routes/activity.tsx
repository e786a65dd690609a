// /admin/activity: the activity log, newest first, filtered by kind of action, admin and dates:
// sign-ins (successful, failed, locked), sign-outs, saves, restores, uploads, exports, deletions
// and admin-account changes, each with time, admin, address and what it touched.
import { Form, Link } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Pager } from "~/capabilities/workspace/shell/pager";
import {
  describeActor,
  listActivity,
  listActivityAdmins,
} from "~/platform/activity/activity.server";
import {
  activityActions,
  activityRetentionDays,
  describeActivityAction,
} from "~/platform/activity/activity-actions";
import { getAppContext } from "~/platform/context.server";
import { formatTime } from "~/platform/format-time";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import type { Route } from "./+types/activity";

export const handle = {
  adminNav: { label: "Activity", order: 80 },
  role: "owner",
} satisfies RouteHandle;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = getAppContext(context);
  getAdmin(context);
  const params = new URL(request.url).searchParams;
  const read = (name: string, rule?: RegExp) => {
    const value = params.get(name)?.trim() ?? "";
    return value && (!rule || rule.test(value)) ? value : undefined;
  };
  const filter = {
    action: read("action"),
    admin: read("admin"),
    from: read("from", isoDate),
    to: read("to", isoDate),
  };
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const timeZone = await getRequestData(context).timeZone();
  const [{ entries, hasMore }, admins] = await Promise.all([
    listActivity(db, { ...filter, timeZone }, page),
    listActivityAdmins(db),
  ]);
  return {
    filter,
    timeZone,
    page,
    hasMore,
    admins,
    entries: entries.map((entry) => ({
      ...entry,
      when: formatTime(entry.createdAt, timeZone),
      label: describeActivityAction(entry.action),
      actor: describeActor(entry),
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Activity",
    description: "Who did what in the admin, and when.",
    noindex: true,
  });
}

function toneOf(action: string): string {
  if (action === "login-failed" || action === "login-locked" || action.endsWith("delete")) {
    return "bg-red-50 text-red-800 ring-red-200";
  }
  if (action === "login" || action === "logout")
    return "bg-slate-100 text-slate-800 ring-slate-200";
  return "bg-blue-50 text-blue-800 ring-blue-200";
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { entries, filter, admins, page, hasMore, timeZone } = loaderData;
  const pageLink = (next: number) => {
    const params = new URLSearchParams(
      Object.entries(filter).flatMap(([key, value]) => (value ? [[key, value]] : [])),
    );
    params.set("page", String(next));
    return `/admin/activity?${params}`;
  };
  return (
    <AdminPage
      title="Activity"
      description={`Every sign-in and every change made in the admin, kept for ${activityRetentionDays} days. Times are in ${timeZone}; the dates below are its days.`}
    >
      <Card className="p-4 sm:p-5">
        <Form
          method="get"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
        >
          <div className="grid gap-1.5">
            <Label htmlFor="activity-action">Action</Label>
            <NativeSelect id="activity-action" name="action" defaultValue={filter.action ?? ""}>
              <option value="">All actions</option>
              {Object.entries(activityActions).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-admin">Admin</Label>
            <NativeSelect id="activity-admin" name="admin" defaultValue={filter.admin ?? ""}>
              <option value="">Everyone</option>
              {admins.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-from">From</Label>
            <Input id="activity-from" name="from" type="date" defaultValue={filter.from ?? ""} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-to">To</Label>
            <Input id="activity-to" name="to" type="date" defaultValue={filter.to ?? ""} />
          </div>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button asChild variant="outline">
              <Link to="/admin/activity">Clear</Link>
            </Button>
          </div>
        </Form>
      </Card>
      {entries.length === 0 ? (
        <Card className="p-8 text-center text-slate-600">Nothing recorded for these filters.</Card>
      ) : (
        <Card className="overflow-hidden">
          {/* Below 640 px each row stacks into a small card: one markup, no sideways scrolling. */}
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">Activity, newest first</caption>
            <thead className="border-b border-border bg-slate-50 text-slate-600 max-sm:sr-only">
              <tr>
                {["Time", "Action", "Admin", "What", "Address"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border max-sm:block">
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="align-top max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
                >
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600 max-sm:order-2 max-sm:w-full max-sm:p-0 max-sm:text-xs">
                    <time dateTime={entry.createdAt}>{entry.when}</time>
                  </td>
                  <td className="px-4 py-3 max-sm:order-1 max-sm:p-0">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${toneOf(entry.action)}`}
                    >
                      {entry.label}
                    </span>
                  </td>
                  <td className="px-4 py-3 wrap-anywhere text-slate-900 max-sm:order-1 max-sm:p-0">
                    {entry.actor}
                  </td>
                  <td
                    className={`px-4 py-3 text-slate-700 max-sm:order-3 max-sm:w-full max-sm:p-0 ${entry.target ? "" : "max-sm:hidden"}`}
                  >
                    {entry.title ? (
                      <>
                        <span className="font-medium text-slate-900">{entry.title}</span>
                        <span className="block text-xs wrap-anywhere text-slate-500">
                          {entry.target}
                        </span>
                      </>
                    ) : (
                      (entry.target ?? "—")
                    )}
                  </td>
                  <td className="px-4 py-3 font-mono text-xs text-slate-600 max-sm:order-4 max-sm:p-0">
                    {entry.address}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Pager
        label="Activity pages"
        page={page}
        hrefOf={pageLink}
        newerText="Newer entries"
        olderText="Older entries"
        hasOlder={hasMore}
      />
    </AdminPage>
  );
}
