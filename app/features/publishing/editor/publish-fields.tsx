// Status (Draft, Scheduled, Published) as a radio group, and a schedule's date and time in the site
// time zone (stored as UTC, whatever the browser's zone). Published publishes now; Scheduled
// proposes the next full hour.
import { useSiteTimeZone } from "~/capabilities/workspace/shell/site-time-zone";
import {
  describeTimeZone,
  fromZonedInput,
  getNextFullHour,
  toZonedInput,
} from "~/platform/format-time";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { type PublicationStatus, publicationStatuses, statusLabels } from "../schema";

const descriptions: Record<PublicationStatus, string> = {
  draft: "Only admins can see it.",
  scheduled: "Appears on the site by itself at the time below.",
  published: "Visible to everyone.",
};

export function PublishFields({
  status,
  publishAt,
  wasPublished,
  error,
  onChange,
}: {
  status: PublicationStatus;
  publishAt: string;
  wasPublished: boolean;
  error: string | undefined;
  onChange: (patch: { status?: PublicationStatus; publishAt?: string }) => void;
}) {
  const hydrated = useHydrated();
  const timeZone = useSiteTimeZone();
  const choose = (next: PublicationStatus) => {
    if (next === "published" && !wasPublished) onChange({ status: next, publishAt: "" });
    else if (next === "scheduled" && !(publishAt && Date.parse(publishAt) > Date.now())) {
      onChange({ status: next, publishAt: getNextFullHour(timeZone) });
    } else onChange({ status: next });
  };
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-foreground">Status</legend>
        {publicationStatuses.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm has-checked:border-primary has-checked:bg-blue-50/60"
          >
            <input
              type="radio"
              name="status"
              value={option}
              checked={status === option}
              onChange={() => choose(option)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="font-semibold text-navy">{statusLabels[option]}</span>
              <span className="block text-muted-foreground">{descriptions[option]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {status === "scheduled" ? (
        <div className="grid gap-2">
          <label htmlFor="field-publishAt" className="text-sm font-medium">
            Publish on
          </label>
          <input
            id="field-publishAt"
            type="datetime-local"
            disabled={!hydrated}
            value={toZonedInput(publishAt, timeZone)}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              error ? "field-publishAt-hint field-publishAt-error" : "field-publishAt-hint"
            }
            onChange={(event) => {
              const local = event.target.value;
              onChange({ publishAt: fromZonedInput(local, timeZone) });
            }}
            className="h-10 w-full rounded-md border border-input bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
          />
          <p id="field-publishAt-hint" className="text-xs text-muted-foreground">
            {`Site time zone: ${describeTimeZone(timeZone, publishAt ? new Date(publishAt) : undefined)}. Change it in Settings.`}
          </p>
          {error ? (
            <p id="field-publishAt-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      ) : error ? (
        <p id="field-publishAt-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
