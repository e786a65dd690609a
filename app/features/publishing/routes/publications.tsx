// /admin/articles and /admin/case-studies (admin only): every item whatever its status, newest
// first, with search and filters in the URL query (a plain GET form, so it works without
// JavaScript), and a link to write a new one.
import { Form, Link } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { useSiteTimeZone } from "~/capabilities/workspace/shell/site-time-zone";
import { requirePageKind } from "~/features/publishing/api.server";
import { StatusBadge } from "~/features/publishing/components/status-badge";
import { kindTexts } from "~/features/publishing/kind-texts";
import {
  type AdminListItem,
  filterAdminList,
  parseAdminListQuery,
  publicationStatuses,
  readGroup,
  statusLabels,
} from "~/features/publishing/schema";
import { listForAdmin } from "~/features/publishing/store/reads.server";
import { getAppContext } from "~/platform/context.server";
import { formatTime } from "~/platform/format-time";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { addDays, createDayReader } from "~/platform/visits/visit-days";
import { readViewsByPath } from "~/platform/visits/visit-store.server";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/native-select";
import type { Route } from "./+types/publications";

// One route for the three collections, one menu entry each.
export const handle = {
  adminNav: [
    { label: "Articles", order: 30, to: "/admin/articles", nested: true },
    { label: "Case studies", order: 40, to: "/admin/case-studies", nested: true },
    { label: "Pages", order: 45, to: "/admin/pages", nested: true },
  ],
} satisfies RouteHandle;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = getAppContext(context);
  getAdmin(context);
  const url = new URL(request.url);
  const kind = requirePageKind(params.collection);
  const stored = await listForAdmin(app.db, kind);
  const items: AdminListItem[] = stored
    .map(({ record, status, publishAt, updatedAt }) => ({
      id: record.id,
      title: record.title,
      group: readGroup(kind, record),
      status,
      publishAt,
      updatedAt,
      imageUrl: "imageUrl" in record ? record.imageUrl : "",
    }))
    .sort((a, b) => (b.publishAt ?? b.updatedAt).localeCompare(a.publishAt ?? a.updatedAt));
  const query = parseAdminListQuery(url.searchParams);
  // Each item's page views of the last 30 days (Insights' counts), by id.
  const timeZone = await getRequestData(context).timeZone();
  const since = addDays(createDayReader()(Date.now(), timeZone), -29);
  const paths = items.map((item) => kindTexts[kind].publicPath(item.id));
  const viewsByPath = await readViewsByPath(app.db, paths, since);
  const views = Object.fromEntries(
    items.map((item) => [item.id, viewsByPath.get(kindTexts[kind].publicPath(item.id)) ?? 0]),
  );
  return {
    kind,
    views,
    query,
    total: items.length,
    groups: [...new Set(items.map((item) => item.group))].sort((a, b) => a.localeCompare(b)),
    items: filterAdminList(items, query),
  };
}

export function meta(args: Route.MetaArgs) {
  const kind = args.loaderData?.kind ?? "article";
  return buildPageMeta(args, {
    title: kindTexts[kind].plural,
    description: `Write, schedule and manage the website's ${kindTexts[kind].plural.toLowerCase()}.`,
    noindex: true,
  });
}

function formatWhen(item: AdminListItem, timeZone: string): string {
  const iso = item.status === "draft" ? item.updatedAt : (item.publishAt ?? item.updatedAt);
  const prefix = { draft: "Edited", scheduled: "Publishes", published: "Published" }[item.status];
  return `${prefix} ${formatTime(iso, timeZone)}`;
}

export default function PublicationsPage({ loaderData }: Route.ComponentProps) {
  const { kind, query, total, groups, items } = loaderData;
  const timeZone = useSiteTimeZone();
  const texts = kindTexts[kind];
  const filtered = Boolean(query.q || query.status || query.group);
  return (
    <AdminPage
      title={texts.plural}
      description={`${total === 1 ? `1 ${texts.singular.toLowerCase()}` : `${total} ${texts.plural.toLowerCase()}`}, newest first. Drafts and scheduled items are visible to admins only until they are published.`}
      actions={
        <Button asChild>
          <Link to={`${texts.adminPath}/new`}>{texts.newLabel}</Link>
        </Button>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label={`Search ${texts.plural.toLowerCase()}`}
        className="grid gap-3 rounded-xl border border-border bg-white p-4 shadow-sm sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <label htmlFor="list-q" className="text-sm font-medium">
            Search
          </label>
          <Input
            id="list-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Title or URL slug"
          />
        </div>
        {texts.groupLabel ? (
          <div className="grid gap-1.5">
            <label htmlFor="list-group" className="text-sm font-medium">
              {texts.groupLabel}
            </label>
            <NativeSelect id="list-group" name="group" defaultValue={query.group}>
              <option value="">All</option>
              {groups.map((group) => (
                <option key={group} value={group}>
                  {group}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : (
          <span aria-hidden="true" />
        )}
        <div className="grid gap-1.5">
          <label htmlFor="list-status" className="text-sm font-medium">
            Status
          </label>
          <NativeSelect id="list-status" name="status" defaultValue={query.status}>
            <option value="">All</option>
            {publicationStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to={texts.adminPath}>Clear</Link>
            </Button>
          ) : null}
        </div>
      </Form>

      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-input bg-white px-6 py-12 text-center">
          <p className="font-semibold text-navy">
            {filtered ? `No ${texts.plural.toLowerCase()} match these filters` : texts.empty}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {filtered ? "Change the search or clear the filters." : texts.emptyHint}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-4 p-4">
              <img
                src={item.imageUrl || "/images/placeholder.svg"}
                alt=""
                width={96}
                height={64}
                loading="lazy"
                className="hidden h-16 w-24 shrink-0 rounded-md bg-muted object-cover sm:block"
              />
              <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
                <Link
                  to={texts.adminItemPath(item.id)}
                  className="truncate font-semibold text-navy hover:text-primary hover:underline"
                >
                  {item.title}
                </Link>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <StatusBadge status={item.status} />
                  {item.group ? <Badge variant="secondary">{item.group}</Badge> : null}
                  <span>{formatWhen(item, timeZone)}</span>
                  <span>
                    {loaderData.views[item.id] ?? 0}{" "}
                    {loaderData.views[item.id] === 1 ? "view" : "views"} in 30 days
                  </span>
                </p>
              </div>
              <div className="hidden shrink-0 gap-2 md:flex">
                <Button asChild variant="outline" size="sm">
                  <a href={texts.publicPath(item.id)} target="_blank" rel="noreferrer">
                    {item.status === "published" ? "View" : "Preview"}
                    <span className="sr-only">: {item.title}</span>
                  </a>
                </Button>
                <Button asChild variant="secondary" size="sm">
                  <Link to={texts.adminItemPath(item.id)}>
                    Edit<span className="sr-only">: {item.title}</span>
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
