// The item's revisions, newest first: when, who, what happened; Restore saves an older one's text
// as a new version (the current one stays in the list).
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
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
                    {actionLabels[revision.action] ?? revision.action}
                    {index === 0 ? " (current)" : ""}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {new Date(revision.createdAt).toLocaleString("en-US", {
                      dateStyle: "medium",
                      timeStyle: "short",
                      timeZone: "UTC",
                    })}{" "}
                    UTC{revision.author ? ` · ${revision.author}` : ""}
                  </span>
                  <span className="block truncate text-xs text-slate-600">{revision.title}</span>
                </span>
                {index > 0 && revision.action !== "delete" ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => onRestore(revision.id)}
                  >
                    Restore<span className="sr-only"> the revision of {revision.createdAt}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
