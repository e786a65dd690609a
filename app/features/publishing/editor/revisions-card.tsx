// The item's revisions, newest first: its own version number, when, who, what happened; Restore
// asks first, then saves an older one's text as a new version (the current one stays in the list).
import { useSiteTimeZone } from "~/capabilities/workspace/shell/site-time-zone";
import { formatTime } from "~/platform/format-time";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { describeRestore, restoreKeepsNote } from "../history/restore-texts";
import type { PublicationRevision } from "../schema";

const actionLabels: Record<string, string> = {
  original: "Before the first edit",
  save: "Saved",
  restore: "Restored",
  delete: "Deleted",
};

export function RevisionsCard({
  revisions,
  busy,
  onRestore,
}: {
  revisions: PublicationRevision[];
  busy: boolean;
  onRestore: (revisionId: number) => void;
}) {
  const current = revisions[0];
  const timeZone = useSiteTimeZone();
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-semibold leading-tight text-navy">Revisions</h2>
      </CardHeader>
      <CardContent>
        {revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every save will be kept here.</p>
        ) : (
          <ol className="grid max-h-96 grid-cols-1 gap-2 overflow-y-auto">
            {revisions.map((revision, index) => (
              <li
                key={revision.id}
                className="flex min-w-0 items-start justify-between gap-3 rounded-md border border-border p-3 text-sm"
              >
                <span className="min-w-0">
                  <span className="block font-medium text-navy">
                    Version {revision.version}: {actionLabels[revision.action] ?? revision.action}
                    {index === 0 ? " (current)" : ""}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {formatTime(revision.createdAt, timeZone)}
                    {revision.author ? ` · ${revision.author}` : ""}
                  </span>
                  <span className="block truncate text-xs text-slate-600">{revision.title}</span>
                </span>
                {current && index > 0 && revision.action !== "delete" ? (
                  <ConfirmDialog
                    trigger={
                      <Button type="button" size="sm" variant="outline" disabled={busy}>
                        Restore<span className="sr-only"> version {revision.version}</span>
                      </Button>
                    }
                    {...describeRestore({
                      version: revision.version,
                      itemTitle: `"${current.title}"`,
                      currentNumber: current.version,
                      note: restoreKeepsNote,
                    })}
                    confirmLabel={`Restore version ${revision.version}`}
                    busy={busy}
                    onConfirm={() => onRestore(revision.id)}
                  />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
