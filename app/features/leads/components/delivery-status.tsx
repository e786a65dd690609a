// Where a contact message's notification mail stands, in words the firm's owner understands.
import { CircleAlert, CircleCheck, CircleHelp, Clock, Inbox } from "lucide-react";
import type { MailState } from "~/platform/db/tables.server";
import { cn } from "~/ui/cn";

/** A message's mail as the admin loader presents it (times already formatted). */
type Delivery = {
  state: MailState | "not-mailed";
  attempts: number;
  lastError: string | null;
  sentAt: string;
  nextAttemptAt: string;
};

/** `heldAsSpam`: the spam guard held the message, which is why it was not emailed. */
export function DeliveryStatus({
  delivery,
  heldAsSpam = false,
}: {
  delivery: Delivery;
  heldAsSpam?: boolean;
}) {
  const view = describeDelivery(delivery, heldAsSpam);
  const Icon = view.icon;
  return (
    <div className="text-sm">
      <span
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold",
          view.tone,
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {view.label}
      </span>
      {view.detail ? <p className="mt-1.5 text-slate-600">{view.detail}</p> : null}
    </div>
  );
}

function describeDelivery(delivery: Delivery, heldAsSpam: boolean) {
  switch (delivery.state) {
    case "sent":
      return {
        label: "Emailed",
        detail: `Delivered ${delivery.sentAt}`,
        icon: CircleCheck,
        tone: "bg-teal-50 text-teal-800",
      };
    case "failed":
      return {
        label: "Email failed",
        detail: `Gave up after ${delivery.attempts} attempts: ${delivery.lastError ?? "unknown error"}`,
        icon: CircleAlert,
        tone: "bg-red-50 text-red-800",
      };
    case "in-doubt":
      // The site crashed (or lost the mail server) between handing the mail over and hearing
      // back: sending again could mean a second copy, so the owner is told what to check instead.
      return {
        label: "Email delivery unknown",
        detail:
          "The site stopped while handing this email to the mail server, so it cannot tell whether the email arrived. It was not sent again, so that you do not get it twice: check your inbox for it. The full message is shown here.",
        icon: CircleHelp,
        tone: "bg-amber-50 text-amber-900",
      };
    case "pending":
    case "sending":
    case "handing-over":
      return {
        label: delivery.attempts > 0 ? "Email retrying" : "Email queued",
        detail:
          delivery.attempts > 0
            ? `Attempt ${delivery.attempts} failed (${delivery.lastError ?? "unknown error"}). Next try ${delivery.nextAttemptAt || "soon"}.`
            : "",
        icon: Clock,
        tone: "bg-amber-50 text-amber-900",
      };
    default:
      return {
        label: "Not emailed",
        detail: heldAsSpam
          ? "Held as possible spam, so nobody was emailed."
          : "Mail was not set up when this message arrived.",
        icon: Inbox,
        tone: "bg-slate-100 text-slate-700",
      };
  }
}
