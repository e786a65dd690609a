// The Settings screen's "Visitor counting" (Insights): counting on or off, whether a browser's
// Global Privacy Control signal is honoured, and how many months of figures are kept; posted to
// the Settings screen's action (?insights).
import { BarChart3 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { VisitSettings } from "~/platform/visits/visit-settings";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";

export function VisitCountingCard({
  settings,
  error,
}: {
  settings: VisitSettings;
  error?: string;
}) {
  const navigation = useNavigation();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <div className="flex items-center gap-2">
          <BarChart3 className="size-5 text-primary" aria-hidden="true" />
          <h2 className="text-lg font-semibold leading-tight">Visitor counting</h2>
        </div>
        <CardDescription>
          Insights counts page views on the server: no cookie, no script, no third party. A visitor
          is a hash of network and browser salted for one day, never stored as such.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="?insights" className="grid gap-4">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="counting"
              defaultChecked={settings.counting}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="font-medium">Count page views</span>
              <span className="block text-muted-foreground">
                Off: nothing is counted and Insights shows no new figures.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="honourGpc"
              defaultChecked={settings.honourGpc}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="font-medium">Honour Global Privacy Control</span>
              <span className="block text-muted-foreground">
                Browsers that send the signal (Sec-GPC) are not counted.
              </span>
            </span>
          </label>
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="retention-months">Keep figures for (months)</Label>
            <Input
              id="retention-months"
              name="retentionMonths"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
              defaultValue={settings.retentionMonths}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "retention-hint retention-error" : "retention-hint"}
            />
            <p id="retention-hint" className="text-xs text-muted-foreground">
              Older figures are deleted. 25 months lets you compare a month with the same month last
              year.
            </p>
            {error ? (
              <p id="retention-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Save counting settings
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
