// Sending a newsletter later: on a draft, a date and time in the site's time zone to schedule it
// for; on a scheduled issue, when it leaves, a new time to move it to, and a way back to a draft.
import { CalendarClock, Undo2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useFetcher } from "react-router";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import { useSiteTimeZone } from "~/capabilities/workspace/shell/site-time-zone";
import type { ScreenResult } from "~/features/newsletter/newsletter-screens.server";
import { describeTimeZone, getNextFullHour, toZonedInput } from "~/platform/format-time";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";

/** A datetime field in the site's time zone, its value the zone's wall clock ("2026-05-04T09:00"). */
function SendAtField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const hydrated = useHydrated();
  const timeZone = useSiteTimeZone();
  return (
    <div className="grid gap-1.5 sm:w-72">
      <Label htmlFor="field-sendAt">{label}</Label>
      <Input
        id="field-sendAt"
        type="datetime-local"
        // The proposed time is the browser's now: the field waits for it.
        disabled={!hydrated}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-sendAt-hint field-sendAt-error" : "field-sendAt-hint"}
      />
      <p id="field-sendAt-hint" className="text-xs text-muted-foreground">
        {`Site time zone: ${describeTimeZone(timeZone)}.`}
      </p>
      {error ? (
        <p id="field-sendAt-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The next full hour in the site's zone, once the browser's clock can be read. */
function useProposedTime(): [string, (value: string) => void] {
  const timeZone = useSiteTimeZone();
  const hydrated = useHydrated();
  const [value, setValue] = useState<string | undefined>(undefined);
  const proposed = hydrated ? toZonedInput(getNextFullHour(timeZone), timeZone) : "";
  return [value ?? proposed, setValue];
}

/** A card with a time field and its button (Schedule, Reschedule), and any further buttons. */
function ScheduleCard({
  title,
  intro,
  field,
  button,
  disabled,
  onSubmit,
  children,
}: {
  title: string;
  intro: ReactNode;
  field: { label: string; value: string; onChange: (value: string) => void; error?: string };
  button: string;
  disabled: boolean;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-navy">{title}</h2>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <SendAtField {...field} />
        <Button
          type="button"
          variant="outline"
          className="sm:mt-6.5"
          disabled={disabled || !field.value}
          onClick={onSubmit}
        >
          <CalendarClock aria-hidden="true" />
          {button}
        </Button>
        {children}
      </div>
    </Card>
  );
}

/** On a draft: schedule it (the draft is saved first, as for sending now). */
export function ScheduleSend({
  disabled,
  error,
  recipients,
  onSchedule,
}: {
  disabled: boolean;
  error: string | undefined;
  recipients: string;
  onSchedule: (sendAt: string) => void;
}) {
  const [sendAt, setSendAt] = useProposedTime();
  return (
    <ScheduleCard
      title="Send later"
      intro={`It goes to the subscribers chosen under "Who gets it" (${recipients} now), within a minute of the time you choose. You can change or cancel it until it starts.`}
      field={{ label: "Send on", value: sendAt, onChange: setSendAt, error }}
      button="Schedule"
      disabled={disabled}
      onSubmit={() => onSchedule(sendAt)}
    />
  );
}

/** On a scheduled issue: when it leaves, a new time, or back to a draft to edit it. */
export function ScheduledSend({
  scheduledAt,
  scheduledWhen,
  recipients,
}: {
  scheduledAt: string | null;
  scheduledWhen: string;
  recipients: string;
}) {
  const fetcher = useFetcher<ScreenResult>();
  const timeZone = useSiteTimeZone();
  const [sendAt, setSendAt] = useState(toZonedInput(scheduledAt, timeZone));
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const error = answer?.status === "failed" ? answer.errors.sendAt : undefined;
  return (
    <div className="grid gap-4">
      <FormNotice result={answer} />
      <ScheduleCard
        title="Change the schedule"
        intro={`It goes out ${scheduledWhen} to its subscribers (${recipients} now). To change the text or who gets it, take it back to a draft.`}
        field={{ label: "New time", value: sendAt, onChange: setSendAt, error }}
        button="Reschedule"
        disabled={busy}
        onSubmit={() => fetcher.submit({ intent: "reschedule", sendAt }, { method: "post" })}
      >
        <ConfirmDialog
          trigger={
            <Button type="button" variant="ghost" className="sm:mt-6.5" disabled={busy}>
              <Undo2 aria-hidden="true" />
              Back to draft
            </Button>
          }
          title="Cancel the schedule?"
          description="Nothing is sent. The newsletter becomes a draft again, to edit, schedule or send."
          confirmLabel="Back to draft"
          onConfirm={() => fetcher.submit({ intent: "unschedule" }, { method: "post" })}
        />
      </ScheduleCard>
    </div>
  );
}
