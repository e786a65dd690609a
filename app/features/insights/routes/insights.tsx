// /admin/insights (owners and editors): visitors, page views and conversions of a period against
// the one before, the daily chart, and the tables (pages, articles, case studies, entry pages,
// referrers, campaigns, devices, browsers, conversion rates, newsletters and one issue's links),
// each with its CSV download.
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice } from "~/capabilities/workspace/shell/notice";
import { getAppContext } from "~/platform/context.server";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { createDayReader } from "~/platform/visits/visit-days";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { cn } from "~/ui/cn";
import { VisitsChart } from "../components/visits-chart";
import { type InsightsTable, readInsights, type Totals } from "../insights.server";
import {
  conversionKindShortLabels,
  conversionKinds,
  type InsightsPeriod,
  type InsightsTableName,
  insightsPeriods,
  insightsQuerySchema,
  periodLabels,
} from "../insights-schema";
import type { Route } from "./+types/insights";

export const handle = {
  adminNav: { label: "Insights", order: 58 },
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, visits } = getAppContext(context);
  getAdmin(context);
  const params = new URL(request.url).searchParams;
  const parsed = insightsQuerySchema.safeParse({
    period: params.get("period") ?? undefined,
    newsletter: params.get("newsletter") ?? undefined,
  });
  if (!parsed.success) {
    throw Response.json(
      { message: "Choose a period: 7d, 30d, 90d or 365d" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { period, newsletter } = parsed.data;
  const today = createDayReader()(Date.now(), await getRequestData(context).timeZone());
  const report = await readInsights(db, period, today, newsletter);
  return { period, newsletter, report, counting: visits?.settings.counting ?? false };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Insights",
    description: "What visitors read and where leads come from, counted without cookies.",
    noindex: true,
  });
}

function formatDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

function describeChange(current: number, previous: number): { text: string; tone: string } {
  if (previous === 0) {
    return current === 0
      ? { text: "no change", tone: "text-muted-foreground" }
      : { text: "new this period", tone: "text-accent" };
  }
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return { text: "no change", tone: "text-muted-foreground" };
  return change > 0
    ? { text: `+${change}%`, tone: "text-accent" }
    : { text: `${change}%`, tone: "text-destructive" };
}

const rate = (totals: Totals) => (totals.visitors > 0 ? totals.conversions / totals.visitors : 0);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function Figure({
  label,
  value,
  previous,
  shown,
  children,
}: {
  label: string;
  value: number;
  previous: number;
  shown?: string;
  /** A breakdown under the figure. */
  children?: ReactNode;
}) {
  const change = describeChange(value, previous);
  return (
    <Card>
      <CardContent className="grid gap-1 p-4 sm:p-5">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-3xl font-bold tabular-nums text-navy">{shown ?? value}</p>
        <p className="text-xs text-muted-foreground">
          <span className={cn("font-semibold", change.tone)}>{change.text}</span> against{" "}
          {shown ? percent(previous) : previous} the period before
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

function InsightsTableCard({
  name,
  table,
  period,
  newsletter,
}: {
  name: InsightsTableName;
  table: InsightsTable;
  period: InsightsPeriod;
  /** The newsletter issue asked for, which its links' export names too. */
  newsletter: number | undefined;
}) {
  const issue = name === "newsletter-links" && newsletter ? `&newsletter=${newsletter}` : "";
  const headingId = `insights-${name}`;
  const rated = table.rows.some((row) => row.share !== undefined);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <h2 id={headingId} className="text-base font-semibold leading-tight">
          {table.title}
        </h2>
        <a
          href={`/admin/insights/export.csv?table=${name}&period=${period}${issue}`}
          className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2"
          download
        >
          <Download aria-hidden="true" className="size-4" />
          CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
        </a>
      </CardHeader>
      <CardContent>
        {table.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing counted in this period yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-labelledby={headingId}>
              <thead>
                <tr className="border-b text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {table.columns[0]}
                  </th>
                  <th scope="col" className="whitespace-nowrap py-2 pr-3 text-right font-medium">
                    {table.columns[1]}
                  </th>
                  {rated ? (
                    <th scope="col" className="whitespace-nowrap py-2 text-right font-medium">
                      Rate
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={`${row.label} ${row.detail ?? ""}`} className="border-b last:border-0">
                    <th scope="row" className="w-full max-w-0 py-2 pr-3 font-normal">
                      {row.href ? (
                        <Link
                          to={row.href}
                          className="block truncate text-primary underline-offset-4 hover:underline"
                          title={row.label}
                        >
                          {row.label}
                        </Link>
                      ) : (
                        <span className="block truncate" title={row.label}>
                          {row.label}
                        </span>
                      )}
                      {row.detail ? (
                        <span className="block break-words text-xs text-muted-foreground">
                          {row.detail}
                        </span>
                      ) : null}
                    </th>
                    <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                      {row.value}
                    </td>
                    {rated ? (
                      <td className="whitespace-nowrap py-2 text-right tabular-nums">
                        {percent(row.share ?? 0)}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {table.note ? <p className="mt-3 text-xs text-muted-foreground">{table.note}</p> : null}
      </CardContent>
    </Card>
  );
}

const tableOrder: InsightsTableName[] = [
  "pages",
  "entries",
  "articles",
  "case-studies",
  "referrers",
  "campaigns",
  // Side by side on a wide screen: an issue, and the links of the one picked.
  "newsletters",
  "newsletter-links",
  "conversions",
  "landing-conversions",
  "source-conversions",
  "devices",
  "browsers",
];

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { period, newsletter, report, counting } = loaderData;
  const { totals, previous } = report;
  return (
    <AdminPage
      title="Insights"
      description="What visitors read and where leads come from: counted on the server, with no cookie, no script and no third party."
    >
      {!counting ? (
        <Notice tone="warning" title="Counting is off">
          No page views are being counted. Turn counting on in{" "}
          <Link to="/admin/settings" className="underline">
            Settings
          </Link>
          .
        </Notice>
      ) : null}
      <nav aria-label="Period" className="flex flex-wrap items-center gap-2">
        {insightsPeriods.map((choice) => (
          <Link
            key={choice}
            to={`?period=${choice}`}
            aria-current={choice === period ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1.5 text-sm font-medium transition-colors",
              choice === period
                ? "border-primary bg-primary text-primary-foreground"
                : "bg-background hover:bg-muted",
            )}
          >
            {periodLabels[choice]}
          </Link>
        ))}
        <p className="w-full text-sm text-muted-foreground sm:ml-2 sm:w-auto">
          {formatDate(report.from)} to {formatDate(report.to)}, against{" "}
          {formatDate(report.previousFrom)} to {formatDate(report.previousTo)}
        </p>
      </nav>
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Visitors" value={totals.visitors} previous={previous.visitors} />
        <Figure label="Page views" value={totals.views} previous={previous.views} />
        <Figure label="Conversions" value={totals.conversions} previous={previous.conversions}>
          <ul
            className="mt-1 grid gap-0.5 text-xs text-muted-foreground"
            data-testid="conversion-kinds"
          >
            {conversionKinds.map((kind) => (
              <li key={kind} className="flex justify-between gap-2">
                <span>{conversionKindShortLabels[kind]}</span>
                <span className="font-semibold tabular-nums text-foreground">
                  {report.conversions.current[kind]}
                </span>
              </li>
            ))}
          </ul>
        </Figure>
        <Figure
          label="Conversion rate"
          value={rate(totals)}
          previous={rate(previous)}
          shown={percent(rate(totals))}
        />
      </section>
      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold leading-tight">Visitors and page views</h2>
        </CardHeader>
        <CardContent>
          <VisitsChart days={report.days} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {tableOrder.map((name) => (
          <InsightsTableCard
            key={name}
            name={name}
            table={report.tables[name]}
            period={period}
            newsletter={newsletter}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        A visitor is a daily salted hash of network and browser: the same person on two days counts
        as two visitors. Conversions are contact messages, confirmed newsletter sign-ups and clicks
        on "Book a Consultation" (once a visitor and day). A source's other addresses count as it
        (lnkd.in and linkedin.com as LinkedIn, t.co and x.com as X).
      </p>
    </AdminPage>
  );
}
