// /admin/history: the revisions of what the admin edits, newest first (the item's own version
// number, time, author, what happened in words and the parts that changed), each opening its
// field-by-field changes and Restore. Filtered by kind of record.
import { Form, Link } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice } from "~/capabilities/workspace/shell/notice";
import {
  getHistoryKind,
  listHistory,
  listHistoryKinds,
} from "~/features/pages/history/history.server";
import { getAppContext } from "~/platform/context.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime } from "~/platform/format-time";
import type { HistoryOptions } from "~/platform/history";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import type { Route } from "./+types/history";

export const handle = {
  adminNav: { label: "History", order: 70, nested: true },
} satisfies RouteHandle;

/**
 * The notice after a restore: which version of what came back, and its number now, or the address
 * a deleted item came back at (as a draft).
 */
async function readRestored(
  db: Db,
  params: URLSearchParams,
  options: HistoryOptions,
): Promise<string | null> {
  const [, kindId = "", id = ""] = /^(.+)-(\d{1,15})$/.exec(params.get("restored") ?? "") ?? [];
  const revision = await getHistoryKind(kindId)?.get(db, Number(id), options);
  if (!revision) return null;
  const at = params.get("at") ?? "";
  if (/^\/[a-z0-9/-]{0,200}$/.test(at)) {
    return `Version ${revision.version} of ${revision.itemTitle} is back as a draft at ${at}, listed first below.`;
  }
  const current = revision.currentNumber ? `: it is now version ${revision.currentNumber}` : "";
  return `Version ${revision.version} of ${revision.itemTitle} was restored${current}, listed first below.`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = getAppContext(context);
  getAdmin(context);
  const params = new URL(request.url).searchParams;
  const historyKinds = listHistoryKinds();
  const kind = historyKinds.some((entry) => entry.id === params.get("kind"))
    ? (params.get("kind") ?? undefined)
    : undefined;
  const timeZone = await getRequestData(context).timeZone();
  const options = { formatTime: (iso: string) => formatTime(iso, timeZone) };
  const [entries, restored] = await Promise.all([
    listHistory(db, { kind, limit: 100, ...options }),
    readRestored(db, params, options),
  ]);
  return {
    kind: kind ?? "",
    kinds: historyKinds.map(({ id, label }) => ({ id, label })),
    restored,
    entries: entries.map((entry) => ({ ...entry, when: options.formatTime(entry.createdAt) })),
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "History",
    description: "Every saved version of the website's content.",
    noindex: true,
  });
}

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const { entries, kinds, kind, restored } = loaderData;
  return (
    <AdminPage
      title="History"
      description="Every save keeps a version. Open one to see what changed, and restore it if you need the old text back: restoring saves it as a new version, nothing is lost."
    >
      {restored ? <Notice tone="success">{restored}</Notice> : null}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="history-kind">Show</Label>
          <NativeSelect id="history-kind" name="kind" defaultValue={kind} className="w-auto">
            <option value="">Everything</option>
            {kinds.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {entries.length === 0 ? (
        <Card className="p-8 text-center text-slate-600">No saved versions yet.</Card>
      ) : (
        <Card className="overflow-hidden">
          <ol className="divide-y divide-border">
            {entries.map((entry) => (
              <li
                key={`${entry.kind}-${entry.id}`}
                className="flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-navy">
                    <span className="min-w-0 break-words">
                      {entry.kindLabel}, version {entry.version}
                    </span>
                    {entry.isCurrent ? (
                      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                        Current version
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    <time dateTime={entry.createdAt}>{entry.when}</time>
                    {" · "}
                    {entry.author ?? "Initial content"}
                  </p>
                  {entry.events.length > 0 ? (
                    <p className="mt-1 text-sm font-medium break-words text-slate-900">
                      {entry.events.join(" · ")}
                    </p>
                  ) : null}
                  {entry.changed.length > 0 ? (
                    <p className="mt-1 text-sm break-words text-slate-800">
                      <span className="text-slate-600">Changed: </span>
                      {entry.changed.join(", ")}
                    </p>
                  ) : null}
                  {entry.events.length === 0 && entry.changed.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-600">Saved again with no changes</p>
                  ) : null}
                </div>
                <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
                  <Link to={entry.href ?? `/admin/history/${entry.kind}/${entry.id}`}>
                    View changes
                    <span className="sr-only">
                      {" "}
                      of {entry.kindLabel}, version {entry.version}
                    </span>
                  </Link>
                </Button>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </AdminPage>
  );
}
