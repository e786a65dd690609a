// A short card of a piece of work or reading: its industry or category, title, a few lines of text
// and, when it leads somewhere, a link. Featured Resources and the case study highlights use it.
import type { ReactNode } from "react";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";

export function SummaryCard({
  group,
  title,
  text,
  titleAs: Title = "p",
  className,
  children,
}: {
  group: string;
  title: string;
  text: string;
  /** A heading where the title names the card in the page outline. */
  titleAs?: "p" | "h3" | "h4";
  className?: string;
  children?: ReactNode;
}) {
  return (
    <li className={cn("flex flex-col rounded-xl border border-border p-6", className)}>
      {group ? (
        <Badge variant="accent" className="self-start">
          {group}
        </Badge>
      ) : null}
      <Title className="mt-3 text-lg font-semibold leading-snug text-navy">{title}</Title>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{text}</p>
      {children}
    </li>
  );
}
