// A page's take-down date (in the site time zone, stored as UTC) and where its address then sends
// visitors: nowhere (410 Gone, and search engines drop it) or another address.
import { useSiteTimeZone } from "~/capabilities/workspace/shell/site-time-zone";
import { describeTimeZone, fromZonedInput, toZonedInput } from "~/platform/format-time";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;
}

export function UnpublishFields({
  unpublishAt,
  unpublishTo,
  errors,
  onChange,
}: {
  unpublishAt: string;
  unpublishTo: string;
  errors: { unpublishAt?: string | undefined; unpublishTo?: string | undefined };
  onChange: (patch: { unpublishAt?: string; unpublishTo?: string }) => void;
}) {
  const hydrated = useHydrated();
  const timeZone = useSiteTimeZone();
  const describedBy = (id: string, error: string | undefined) =>
    error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div className="grid gap-2 border-t border-border pt-4">
      <label htmlFor="field-unpublishAt" className="text-sm font-medium">
        Take down on <span className="font-normal text-muted-foreground">(optional)</span>
      </label>
      <div className="flex gap-2">
        <input
          id="field-unpublishAt"
          type="datetime-local"
          disabled={!hydrated}
          value={toZonedInput(unpublishAt, timeZone)}
          aria-invalid={errors.unpublishAt ? true : undefined}
          aria-describedby={describedBy("field-unpublishAt", errors.unpublishAt)}
          onChange={(event) =>
            onChange({ unpublishAt: fromZonedInput(event.target.value, timeZone) })
          }
          className="h-10 w-full min-w-0 rounded-md border border-input bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
        />
        {unpublishAt ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => onChange({ unpublishAt: "", unpublishTo: "" })}
          >
            Clear
          </Button>
        ) : null}
      </div>
      <p id="field-unpublishAt-hint" className="text-xs text-muted-foreground">
        {`The page leaves the site and both sitemaps at this time by itself; it stays here to edit or put back up. Site time zone: ${describeTimeZone(timeZone, unpublishAt ? new Date(unpublishAt) : undefined)}.`}
      </p>
      <FieldError id="field-unpublishAt-error" error={errors.unpublishAt} />
      {unpublishAt ? (
        <>
          <label htmlFor="field-unpublishTo" className="mt-2 text-sm font-medium">
            Then send visitors to{" "}
            <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Input
            id="field-unpublishTo"
            value={unpublishTo}
            placeholder="/services"
            aria-invalid={errors.unpublishTo ? true : undefined}
            aria-describedby={describedBy("field-unpublishTo", errors.unpublishTo)}
            onChange={(event) => onChange({ unpublishTo: event.target.value })}
          />
          <p id="field-unpublishTo-hint" className="text-xs text-muted-foreground">
            An address on this site (/services) or a full link. Left empty, the address answers
            "Gone" (410) and search engines drop it.
          </p>
          <FieldError id="field-unpublishTo-error" error={errors.unpublishTo} />
        </>
      ) : null}
    </div>
  );
}
