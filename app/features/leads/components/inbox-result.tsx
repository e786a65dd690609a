// What the last action on the leads screen did, held at the bottom of the window so it is seen
// wherever the owner had scrolled to, with Undo when the change can be taken back; and the
// question a deletion asks first when there is no JavaScript for its dialog.
import { X } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Notice } from "~/capabilities/workspace/shell/notice";
import type { InboxIntentResult, InboxNotice } from "~/features/leads/inbox-intents.server";
import { readFormNotice } from "~/platform/http/form-result";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/hooks/use-hydrated";

export function InboxResult({ result }: { result: InboxIntentResult | undefined }) {
  const hydrated = useHydrated();
  // The result closed last; a new one (another object) shows again.
  const [dismissed, setDismissed] = useState<InboxIntentResult | undefined>(undefined);
  const notice = readFormNotice(result);
  const undo = result?.status === "done" ? result.body.undo : undefined;
  if (!result || !notice || dismissed === result) return null;
  const failed = notice.tone === "warning";
  return (
    // The spacer lets the page's end scroll above the bar, so the bar never hides a last button.
    <div className="h-16">
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
        <div
          role={failed ? "alert" : "status"}
          className={cn(
            "pointer-events-auto flex max-w-xl items-center gap-3 rounded-xl px-4 py-3 text-sm shadow-lg",
            failed ? "bg-red-800 text-white" : "bg-navy text-white",
          )}
        >
          <p className="flex-1">{notice.text}</p>
          {undo ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={undo.intent} />
              <input type="hidden" name="id" value={undo.id} />
              <Button type="submit" size="sm" variant="outline-inverse">
                {undo.label}
              </Button>
            </Form>
          ) : null}
          {hydrated ? (
            <button
              type="button"
              onClick={() => setDismissed(result)}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              aria-label="Dismiss"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Without JavaScript a deletion is asked about on the page: the post that confirms it. */
export function InboxConfirmation({ confirm }: { confirm: InboxNotice["confirm"] }) {
  if (!confirm) return null;
  return (
    <Notice
      tone="warning"
      title={confirm.question}
      actions={
        <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value={confirm.intent} />
          {confirm.id ? <input type="hidden" name="id" value={confirm.id} /> : null}
          {confirm.email ? <input type="hidden" name="email" value={confirm.email} /> : null}
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" variant="destructive" size="sm">
            {confirm.action}
          </Button>
        </Form>
      }
    >
      Nothing is removed until you confirm. To keep it, just carry on.
    </Notice>
  );
}
