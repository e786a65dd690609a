// The one drawing of a public page that could not be shown (the site's 404 page, a detail page
// whose record does not exist or failed). Loaded only when one is shown (error-notice.tsx).
import { ArrowLeft, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";

/** A way on from the notice; `back` marks the way back to the list the visitor came from. */
export type NoticeLink = { to: string; label: string; back?: boolean };

export type Notice = {
  heading: string;
  text: string;
  /** A second, smaller line under the text. */
  hint?: string;
  /** The status shown above the heading ("404"). */
  status?: string;
  /** The first link is the main one; the others are drawn as outlines. */
  links: NoticeLink[];
  /** The picture above the heading; the error boundary gives a search that found nothing. */
  icon?: LucideIcon;
  /** The service pages keep the smaller look they were drawn with: one large link, no sm: size. */
  look?: "page" | "compact";
};

export function StatusNotice({
  heading,
  text,
  hint,
  status,
  links,
  icon: Icon,
  look = "page",
}: Notice & { icon: LucideIcon }) {
  const compact = look === "compact";
  const IconFrame = compact ? "span" : "div";
  const drawnLinks = links.map((link, index) => (
    <Button
      key={link.to}
      asChild
      variant={index === 0 ? undefined : "outline"}
      size={compact ? "lg" : undefined}
      className={compact ? "mt-8" : undefined}
    >
      <Link to={link.to}>
        {link.back ? <ArrowLeft aria-hidden="true" /> : null}
        {link.label}
      </Link>
    </Button>
  ));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <IconFrame className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon className="size-7" aria-hidden="true" />
      </IconFrame>
      {status ? (
        <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">{status}</p>
      ) : null}
      <h1
        className={`${status ? "mt-2" : "mt-6"} text-4xl font-bold tracking-tight text-navy${compact ? "" : " sm:text-5xl"}`}
      >
        {heading}
      </h1>
      <p className={`mt-4 text-lg ${compact ? "text-slate-600" : "text-muted-foreground"}`}>
        {text}
      </p>
      {hint === undefined ? null : <p className="mt-2 text-sm text-slate-500">{hint}</p>}
      {compact ? (
        drawnLinks
      ) : (
        <div className="mt-8 flex flex-wrap justify-center gap-3">{drawnLinks}</div>
      )}
    </section>
  );
}
