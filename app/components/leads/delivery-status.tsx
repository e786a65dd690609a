// Where a contact message's notification mail stands, in words the firm's owner understands.
import { CircleAlert, CircleCheck, Clock, Inbox } from "lucide-react";
import { cn } from "~/lib/cn";

/** A message's mail as the admin loader presents it (times already formatted). */
type Delivery = {
  state: "pending" | "sending" | "sent" | "failed" | "not-mailed";
  attempts: number;
  lastError: string | null;
  sentAt: string;
  nextAttemptAt: string;
};

export function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  const view = describeDelivery(delivery);
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

function describeDelivery(delivery: Delivery) {
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
    case "pending":
    case "sending":
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
        detail: "Mail was not set up when this message arrived.",
        icon: Inbox,
        tone: "bg-slate-100 text-slate-700",
      };
  }
}
