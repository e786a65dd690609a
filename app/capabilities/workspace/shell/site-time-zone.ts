// The site time zone on any admin screen, as the workspace layout's loader read it: for the times
// a screen draws in the browser (the schedule picker, lists), so they match the server's.
import { useRouteLoaderData } from "react-router";

const workspaceLayoutId = "features/admin/routes/workspace-layout";

export function useSiteTimeZone(): string {
  const data = useRouteLoaderData<{ timeZone?: string }>(workspaceLayoutId);
  return data?.timeZone ?? "UTC";
}
