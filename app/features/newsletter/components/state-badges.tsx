// A newsletter's status and a subscriber's state as coloured labels, from one table each.
import type { NewsletterStatus, SubscriptionState } from "~/platform/db/tables.server";
import { cn } from "~/ui/cn";

const tones = {
  grey: "bg-slate-100 text-slate-700 ring-slate-300",
  amber: "bg-amber-50 text-amber-900 ring-amber-300",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  red: "bg-red-50 text-red-800 ring-red-300",
} as const;

type Look = { label: string; tone: keyof typeof tones };

const newsletterLooks: Record<NewsletterStatus, Look> = {
  draft: { label: "Draft", tone: "grey" },
  scheduled: { label: "Scheduled", tone: "amber" },
  sending: { label: "Sending", tone: "blue" },
  sent: { label: "Sent", tone: "green" },
};

const subscriberLooks: Record<SubscriptionState, Look> = {
  confirmed: { label: "Subscribed", tone: "green" },
  pending: { label: "Waiting for confirmation", tone: "amber" },
  unconfirmed: { label: "Unconfirmed", tone: "grey" },
  bounced: { label: "Bounced", tone: "red" },
};

function StateBadge({ look }: { look: Look }) {
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[look.tone],
      )}
    >
      {look.label}
    </span>
  );
}

export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  return <StateBadge look={newsletterLooks[status]} />;
}

export function SubscriberStateBadge({ state }: { state: SubscriptionState }) {
  return <StateBadge look={subscriberLooks[state]} />;
}
