// A publication's status as a coloured label: draft grey, scheduled amber, published green.

import { type PublicationStatus, statusLabels } from "~/features/publishing/schema";
import { cn } from "~/ui/cn";

const tones: Record<PublicationStatus, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  scheduled: "bg-amber-50 text-amber-900 ring-amber-300",
  published: "bg-emerald-50 text-emerald-800 ring-emerald-300",
};

export function StatusBadge({ status }: { status: PublicationStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[status],
      )}
    >
      {statusLabels[status]}
    </span>
  );
}
