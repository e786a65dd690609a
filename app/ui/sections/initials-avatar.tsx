// A round badge with a person's initials, for authors and testimonials (no photos are stored).
import { cn } from "~/ui/cn";

export function InitialsAvatar({
  initials,
  size = "md",
}: {
  initials: string;
  size?: "sm" | "md";
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground",
        size === "sm" ? "size-8 text-xs" : "size-11 text-sm",
      )}
    >
      {initials}
    </span>
  );
}
