// The addresses whose mail server refused them for good on two issues: listed apart from the
// subscribers, with when and what the server said, since they are sent nothing more.
import type { ReactNode } from "react";

type Bounced = { id: number; email: string; bouncedWhen: string; reply: string };

export function BouncedSubscribers({
  bounced,
  actions,
}: {
  bounced: Bounced[];
  /** One address's buttons (its data export and erasure), as the subscribers table has them. */
  actions: (subscriber: Bounced) => ReactNode;
}) {
  if (bounced.length === 0) return null;
  return (
    <section aria-labelledby="bounced-heading">
      <h2 id="bounced-heading" className="text-xl font-semibold text-navy">
        Bounced addresses ({bounced.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Their mail server refused them for good on two newsletters, so they are sent no more. An
        address comes back when its owner signs up again and confirms.
      </p>
      <ul className="mt-3 grid gap-2 text-sm">
        {bounced.map((subscriber) => (
          <li
            key={subscriber.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <span className="font-medium break-all text-slate-900">{subscriber.email}</span>{" "}
              <span className="text-slate-600">· bounced {subscriber.bouncedWhen}</span>
              <span className="mt-1 block break-words font-mono text-xs text-slate-600">
                {subscriber.reply}
              </span>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">{actions(subscriber)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
