// The "Actions" card of the admin's content screens: Save Changes (Saving... while pending),
// Preview Site in a new tab, and whether everything is saved. A bar at the bottom on phones.
import { ExternalLink } from "lucide-react";
import { Button } from "~/ui/button";

export function SaveActions({
  headingId,
  saving,
  dirty,
  onSave,
}: {
  headingId: string;
  saving: boolean;
  dirty: boolean;
  onSave: () => void;
}) {
  return (
    <aside
      aria-labelledby={headingId}
      className="sticky bottom-0 z-20 -mx-4 sm:-mx-6 lg:top-6 lg:bottom-auto lg:col-start-2 lg:row-start-1 lg:mx-0"
    >
      <div className="border-t border-border bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur sm:px-6 lg:rounded-xl lg:border lg:bg-white lg:p-6 lg:shadow-sm">
        <h2 id={headingId} className="sr-only text-lg font-semibold leading-tight lg:not-sr-only">
          Actions
        </h2>
        <p className="mt-1.5 hidden text-sm text-muted-foreground lg:block">
          Changes go live on the website as soon as you save.
        </p>
        <div className="flex flex-wrap gap-3 lg:mt-5 lg:grid">
          <Button type="button" size="lg" className="flex-1" onClick={onSave} disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
          <Button asChild variant="outline" size="lg" className="flex-1">
            <a href="/" target="_blank" rel="noopener">
              Preview Site
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </div>
        <p
          role="status"
          className={
            dirty
              ? "mt-2 text-xs font-medium text-amber-700 lg:mt-3 lg:text-sm"
              : "mt-2 text-xs text-muted-foreground lg:mt-3 lg:text-sm"
          }
        >
          {dirty ? "You have unsaved changes." : "All changes are saved."}
        </p>
      </div>
    </aside>
  );
}
