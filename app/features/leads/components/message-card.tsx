// One contact message in the inbox: who sent it and how to reach them, its state, why it is in
// Spam (in the owner's words), its text, whether it was emailed, and what can be done with it.
import { Building2, Mail, Phone, ShieldAlert } from "lucide-react";
import type { LeadsOverview } from "~/features/leads/admin-leads.server";
import { toTelHref } from "~/platform/display-text";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { DeliveryStatus } from "./delivery-status";
import { MessageActions } from "./message-actions";

type Message = LeadsOverview["messages"][number];

const statePills = {
  new: { label: "New", tone: "bg-blue-50 text-blue-800 ring-blue-200" },
  handled: { label: "Handled", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  spam: { label: "Spam", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
} as const;

export function MessageCard({ message, ownerTools }: { message: Message; ownerTools: boolean }) {
  const pill = statePills[message.state];
  const headingId = `message-${message.id}`;
  return (
    <Card
      className={cn("min-w-0 p-4 sm:p-6", message.state === "new" && "border-l-4 border-l-primary")}
    >
      <article aria-labelledby={headingId}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3
                id={headingId}
                className="scroll-mt-24 text-lg font-semibold break-words text-navy"
              >
                {message.name}
              </h3>
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
                  pill.tone,
                )}
              >
                {pill.label}
              </span>
            </div>
            <p className="mt-0.5 text-sm text-slate-600">
              Received <time dateTime={message.created_at}>{message.receivedAt}</time>
              {message.handledAt ? ` · handled ${message.handledAt}` : ""}
            </p>
            <ul className="mt-3 flex min-w-0 flex-wrap gap-x-5 gap-y-2 text-sm">
              <li className="flex min-w-0 max-w-full">
                <a
                  href={`mailto:${message.email}`}
                  className="flex min-w-0 items-center gap-1.5 font-medium text-primary hover:underline"
                >
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 break-all">{message.email}</span>
                </a>
              </li>
              {message.phone ? (
                <li>
                  <a
                    href={toTelHref(message.phone)}
                    className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
                  >
                    <Phone className="size-4 shrink-0" aria-hidden="true" />
                    {message.phone}
                  </a>
                </li>
              ) : null}
              {message.company ? (
                <li className="inline-flex items-center gap-1.5 text-slate-700">
                  <Building2 className="size-4 shrink-0" aria-hidden="true" />
                  {message.company}
                </li>
              ) : null}
            </ul>
          </div>
          <div className="shrink-0 sm:max-w-xs sm:text-right">
            <DeliveryStatus
              delivery={message.delivery}
              heldAsSpam={message.state === "spam" && message.spamVerdict !== null}
            />
          </div>
        </div>
        {message.spamReason ? (
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="font-semibold">Why it is in Spam: </span>
              {message.spamReason}
            </span>
          </p>
        ) : null}
        <p className="mt-4 rounded-lg bg-slate-50 p-4 leading-relaxed break-words whitespace-pre-wrap text-slate-800">
          {message.message}
        </p>
        {message.cameFrom ? (
          <details className="mt-3 text-sm text-slate-700">
            <summary className="cursor-pointer">
              <span className="font-semibold">How they found us: </span>
              {message.cameFrom.summary}
            </summary>
            <ol className="mt-2 ml-5 list-decimal break-all text-slate-600">
              {message.cameFrom.pages.map((page, index) => (
                // The same page may come twice in a visit.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                <li key={index}>{page}</li>
              ))}
            </ol>
          </details>
        ) : null}
        <div className="mt-4 border-t border-border pt-4">
          <MessageActions message={message} ownerTools={ownerTools} />
        </div>
      </article>
    </Card>
  );
}
