// How a newsletter's sending stands: a bar of copies sent out of all, and the counts the owner
// acts on (failed ones, readers who unsubscribed since).
import type { NewsletterStats } from "~/features/newsletter/newsletters.server";

export function NewsletterProgress({ stats }: { stats: NewsletterStats }) {
  const done = stats.recipients - stats.waiting;
  const percent = stats.recipients === 0 ? 100 : Math.round((done / stats.recipients) * 100);
  const figures = [
    { label: "Sent", value: stats.sent },
    { label: "Waiting", value: stats.waiting },
    { label: "Failed", value: stats.failed + stats.inDoubt },
    { label: "Unsubscribed since", value: stats.unsubscribedSince },
  ];
  return (
    <section aria-labelledby="progress-heading" className="grid gap-4">
      <h2 id="progress-heading" className="text-xl font-semibold text-navy">
        {stats.waiting > 0 ? "Sending" : "Results"}
      </h2>
      <div>
        <div
          role="progressbar"
          aria-label="Copies sent"
          aria-valuemin={0}
          aria-valuemax={stats.recipients}
          aria-valuenow={done}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {`${stats.sent} of ${stats.recipients} copies sent`}
          {stats.cancelled > 0 ? ` · ${stats.cancelled} not sent: unsubscribed first` : ""}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-border bg-white p-4">
            <dt className="text-sm text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-navy">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {stats.inDoubt > 0 ? (
        <p className="text-sm text-slate-600">
          {stats.inDoubt} {stats.inDoubt === 1 ? "copy" : "copies"} may have arrived: the site
          stopped while handing them to the mail server, so they were not sent again.
        </p>
      ) : null}
    </section>
  );
}
