// GET /admin/redirects/export.csv: the owner's rules as a CSV download, in the format the import
// reads (source,target,status,match,query), so an export imported again gives the same rules.
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { formatRedirectCsv } from "../redirect-csv";
import { readRulesInSlices } from "../redirect-rules.server";
import type { RedirectRule } from "../redirect-table";
import type { Route } from "./+types/redirects-csv";

/** Owners only, as the redirects screen: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  getAdmin(context);
  // Read in slices through the heavy-read handle, off the site's connection.
  const rules: RedirectRule[] = [];
  await readRulesInSlices(getAppContext(context).reportsDb, (rule) => rules.push(rule));
  rules.sort((a, b) => a.source.localeCompare(b.source) || a.match.localeCompare(b.match));
  return new Response(formatRedirectCsv(rules), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="redirects.csv"',
      "Cache-Control": "no-store",
    },
  });
}
