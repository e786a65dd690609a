// Notices above the editor's form, each with its choices: the content changed elsewhere (409),
// the session expired while editing (401), and unsaved edits left from an earlier visit.
import { AlertTriangle, History, LockKeyhole } from "lucide-react";
import { Notice } from "~/capabilities/workspace/shell/notice";
import { Button } from "~/ui/button";

export function ConflictNotice({
  busy,
  onReload,
  onOverwrite,
}: {
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <Notice
      tone="warning"
      icon={<AlertTriangle className="size-5" aria-hidden="true" />}
      title="The content was changed since you opened the editor"
      actions={
        <>
          <Button type="button" size="sm" onClick={onReload} disabled={busy}>
            Reload latest content
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onOverwrite} disabled={busy}>
            Save my version anyway
          </Button>
        </>
      }
    >
      Someone saved changes (perhaps you, in another tab or window), so your changes were not saved.
      They are still shown below. Reload to see the latest content (your unsaved changes are then
      discarded, so copy anything you want to keep first), or save your version over it.
    </Notice>
  );
}

export function SessionExpiredNotice() {
  return (
    <Notice
      tone="warning"
      icon={<LockKeyhole className="size-5" aria-hidden="true" />}
      title="Your session has expired"
      actions={
        <Button asChild size="sm" variant="outline">
          <a href="/admin/login" target="_blank" rel="noopener">
            Log in again<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      }
    >
      Your changes are still here and kept in this browser. Log in again in a new tab, then come
      back and click Save Changes.
    </Notice>
  );
}

export function DraftNotice({
  savedAt,
  outdated,
  savedSince = "The website has",
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  outdated: boolean;
  /** What was saved since the draft was kept: "The website has", "This article has". */
  savedSince?: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const when = new Date(savedAt).toLocaleString(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <Notice
      tone="info"
      icon={<History className="size-5" aria-hidden="true" />}
      title="You have unsaved changes from an earlier visit"
      actions={
        <>
          <Button type="button" size="sm" onClick={onRestore}>
            Restore my changes
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
            Discard them
          </Button>
        </>
      }
    >
      Changes you made on {when} were never saved.
      {outdated
        ? ` ${savedSince} been saved since then: restoring shows your version of every field, and saving it would replace the newer text.`
        : " Restore them to continue where you left off."}
    </Notice>
  );
}
