// The notice that goes with every way into the external booking calendar: the calendar does not
// know the visitor, so contact details are typed into its "Add your details" section. Its words are
// the content's booking note (rich text, so the owner can keep the section's name in bold).
import { Info } from "lucide-react";
import { InlineRichText } from "~/capabilities/rich-text/rich-text-html";
import { cn } from "~/ui/cn";

export function BookingDetailsNote({
  html,
  className,
  tone = "light",
}: {
  html: string;
  className?: string;
  tone?: "light" | "dark";
}) {
  return (
    <p
      className={cn(
        "flex items-start gap-2.5 rounded-lg px-4 py-3 text-sm leading-relaxed",
        tone === "light"
          ? "border border-tint-strong bg-tint text-navy"
          : "bg-white/10 text-slate-200",
        className,
      )}
    >
      <Info
        className={cn(
          "mt-0.5 size-4 shrink-0",
          tone === "light" ? "text-primary" : "text-accent-light",
        )}
        aria-hidden="true"
      />
      <InlineRichText html={html} className="[&_strong]:font-semibold" />
    </p>
  );
}
