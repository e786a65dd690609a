// GET /admin/insights/export.csv?table=&period=: one Insights table of a period as a CSV download,
// for owners and editors alike: every row of the table the screen shows the top of, streamed. A
// database that cannot answer (away, or past its statement timeout) is a 503, not a 500.
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { getAppContext } from "~/platform/context.server";
import { handleApi } from "~/platform/http/api.server";
import { getRequestData } from "~/platform/request-data.server";
import { createDayReader } from "~/platform/visits/visit-days";
import { streamInsightsCsv } from "../insights.server";
import { insightsExportSchema } from "../insights-schema";
import type { Route } from "./+types/insights-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  getAdmin(context);
  const params = new URL(request.url).searchParams;
  const parsed = insightsExportSchema.safeParse({
    table: params.get("table") ?? undefined,
    period: params.get("period") ?? undefined,
    newsletter: params.get("newsletter") ?? undefined,
  });
  if (!parsed.success) {
    return Response.json(
      { message: parsed.error.issues[0]?.message ?? "Bad request" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { table, period, newsletter } = parsed.data;
  const today = createDayReader()(Date.now(), await getRequestData(context).timeZone());
  return handleApi(
    async () => {
      const csv = await streamInsightsCsv(db, table, period, today, newsletter);
      return new Response(csv.body, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="insights-${table}-${csv.from}-to-${csv.to}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
    { logger, request },
  );
}
