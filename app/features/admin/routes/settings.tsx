// /admin/settings: the site's settings. Today the site time zone, in which every date and time of
// the admin and of the public pages is shown and schedules are set; unset, the server's own.
// Whether every admin must use two-factor sign-in.
import { useEffect, useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice } from "~/capabilities/workspace/shell/notice";
import {
  readRequireTwoFactor,
  saveRequireTwoFactor,
} from "~/capabilities/workspace/two-factor-requirement.server";
import { VisitCountingCard } from "~/features/admin/settings/visit-counting-card";
import { RequireTwoFactorCard } from "~/features/admin/two-factor/require-two-factor-card";
import { requireTwoFactorSchema } from "~/features/admin/two-factor/two-factor-schemas";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { describeTimeZone, formatTime } from "~/platform/format-time";
import type { FormResult } from "~/platform/http/form-result";
import { handleSubmission } from "~/platform/http/submission.server";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { listTimeZones, siteSettingsSchema } from "~/platform/settings";
import { getServerTimeZone, saveSiteSettings } from "~/platform/settings.server";
import {
  toVisitSettings,
  type VisitSettingsInput,
  visitSettingsSchema,
} from "~/platform/visits/visit-settings";
import { readVisitSettings, saveVisitSettings } from "~/platform/visits/visit-settings.server";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { toast } from "~/ui/use-toast";
import type { Route } from "./+types/settings";

export const handle = {
  adminNav: { label: "Settings", order: 95 },
  role: "owner",
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  getAdmin(context);
  const { db } = getAppContext(context);
  const [timeZone, requireTwoFactor, visitSettings] = await Promise.all([
    getRequestData(context).timeZone(),
    readRequireTwoFactor(db),
    readVisitSettings(db),
  ]);
  const now = new Date();
  return {
    timeZone,
    requireTwoFactor,
    visitSettings,
    serverTimeZone: getServerTimeZone(),
    now: formatTime(now.toISOString(), timeZone),
    // Labelled here, so the list reads the same after hydration whatever the browser knows.
    zones: listTimeZones().map((zone) => ({ value: zone, label: describeTimeZone(zone, now) })),
  };
}

type SettingsAnswer = { message: string; timeZone?: string; form?: "insights" };

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const form = new URL(request.url).searchParams;
  if (form.has("insights")) {
    return handleSubmission<VisitSettingsInput, SettingsAnswer>(
      { request, context },
      {
        schema: visitSettingsSchema,
        echo: (fields) => ({ retentionMonths: fields.retentionMonths ?? "" }),
        async accept(input, app) {
          const settings = toVisitSettings(input);
          await saveVisitSettings(app.db, settings, getActor(admin, app.clientIp));
          return {
            body: {
              form: "insights",
              message: settings.counting
                ? `Page views are counted; figures are kept for ${settings.retentionMonths} months.`
                : "Page views are no longer counted.",
            },
          };
        },
      },
    );
  }
  if (form.has("two-factor")) {
    return handleSubmission<{ requireTwoFactor: "on" | "off" }, SettingsAnswer>(
      { request, context },
      {
        schema: requireTwoFactorSchema,
        async accept(input, app) {
          const required = input.requireTwoFactor === "on";
          await saveRequireTwoFactor(app.db, required, getActor(admin, app.clientIp));
          return {
            body: {
              message: required
                ? "Every admin now needs two-factor sign-in."
                : "Two-factor sign-in is no longer required.",
            },
          };
        },
      },
    );
  }
  return handleSubmission<{ timeZone: string }, SettingsAnswer>(
    { request, context },
    {
      schema: siteSettingsSchema,
      echo: (fields) => ({ timeZone: fields.timeZone ?? "" }),
      async accept(input, app) {
        await saveSiteSettings(app.db, input, getActor(admin, app.clientIp));
        return {
          body: {
            message: `Times are now shown in ${describeTimeZone(input.timeZone)}.`,
            timeZone: input.timeZone,
          },
        };
      },
    },
  );
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Settings",
    description: "The site's settings: the time zone of every date and schedule.",
    noindex: true,
  });
}

/** The zone's region ("Europe" of "Europe/Berlin"), the list's groups. */
function regionOf(zone: string): string {
  return zone.includes("/") ? (zone.split("/")[0] ?? "Other") : "Other";
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, serverTimeZone, now, zones, requireTwoFactor, visitSettings } = loaderData;
  // A plain <Form>: useFetcher would bring its code into the chunk every public page loads.
  const navigation = useNavigation();
  const result: FormResult<SettingsAnswer> | undefined = actionData;
  const [chosen, setChosen] = useState(result?.values.timeZone || timeZone);
  const [search, setSearch] = useState("");
  const insightsFailed = result?.status === "failed" && "retentionMonths" in result.values;
  const error =
    result?.status === "failed" && !insightsFailed
      ? (result.errors.timeZone ?? result.message)
      : undefined;
  const insightsError = insightsFailed
    ? (result.errors.retentionMonths ?? result.message)
    : undefined;

  // Each answer is a new object: one toast per save, also for the same zone saved twice.
  useEffect(() => {
    if (!result) return;
    if (result.status === "done") {
      toast({ title: "Settings Saved", description: result.body.message });
    } else {
      toast({ title: "Not Saved", description: result.message, variant: "destructive" });
    }
  }, [result]);

  // The search narrows the list; the chosen zone stays in it so the select never loses it.
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase().replaceAll(" ", "_");
    const shown = zones.filter(
      (zone) =>
        zone.value === chosen ||
        !needle ||
        zone.label.toLowerCase().replaceAll(" ", "_").includes(needle),
    );
    const byRegion = new Map<string, typeof zones>();
    for (const zone of shown) {
      const region = regionOf(zone.value);
      byRegion.set(region, [...(byRegion.get(region) ?? []), zone]);
    }
    return [...byRegion.entries()];
  }, [zones, search, chosen]);

  return (
    <AdminPage title="Settings" description="Settings that apply to the whole site.">
      {/* The outcome stays on the page too (the toast goes after 5 s; without JavaScript, none). */}
      {result?.status === "done" ? (
        <Notice tone="success" title="Settings saved">
          {result.body.message}
        </Notice>
      ) : null}
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">Time zone</h2>
          <CardDescription>
            Every date and time in the admin and on the public pages is shown in this zone, and
            schedules are set in it. Now it is {now}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="time-zone-search">Find a time zone</Label>
              <Input
                id="time-zone-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="City or region, e.g. Berlin"
                aria-describedby="time-zone-search-hint"
              />
              <p id="time-zone-search-hint" className="text-xs text-muted-foreground">
                Narrows the list below.
              </p>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="time-zone">Site time zone</Label>
              <NativeSelect
                id="time-zone"
                name="timeZone"
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "time-zone-hint time-zone-error" : "time-zone-hint"}
              >
                {groups.map(([region, entries]) => (
                  <optgroup key={region} label={region}>
                    {entries.map((zone) => (
                      <option key={zone.value} value={zone.value}>
                        {zone.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect>
              <p id="time-zone-hint" className="text-xs text-muted-foreground">
                Until one is chosen, the server's zone is used: {serverTimeZone}.
              </p>
              {error ? (
                <p id="time-zone-error" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            <div>
              <Button type="submit" disabled={navigation.state === "submitting"}>
                Save settings
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <RequireTwoFactorCard required={requireTwoFactor} />
      <VisitCountingCard settings={visitSettings} error={insightsError} />
    </AdminPage>
  );
}
