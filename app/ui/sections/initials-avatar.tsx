// A round badge with a person's initials, for authors and testimonials (no photos are stored).
import { cn } from "~/ui/cn";

/** Initials of a name: first letters of the first and last words ("Daniel Reyes" is "DR"). */
export function toInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters
    .map((word) => word?.[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 4);
}

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
