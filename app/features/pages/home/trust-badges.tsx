// The trust badges of the home layouts (the content's two sets), either as a compact row or as
// large figures; each position has its icon.
import {
  Award,
  BadgeCheck,
  BriefcaseBusiness,
  FolderCheck,
  Headset,
  type LucideIcon,
  ThumbsUp,
} from "lucide-react";
import { cn } from "~/ui/cn";

export type TrustBadge = { value: string; label: string };

/** Icons by position: the main layout's set and the other layout's set. */
const badgeIcons: Record<"main" | "alternative", LucideIcon[]> = {
  main: [Award, FolderCheck, Headset],
  alternative: [BriefcaseBusiness, BadgeCheck, ThumbsUp],
};

/** One row of figures from the small-screen breakpoint, however many there are. */
const figureColumns: Record<number, string> = {
  1: "sm:grid-cols-1",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
  4: "sm:grid-cols-4",
};

function pickIcon(set: keyof typeof badgeIcons, index: number): LucideIcon {
  const icons = badgeIcons[set];
  return icons[index % icons.length] ?? Award;
}

export function TrustBadges({
  badges,
  variant = "row",
  className,
}: {
  badges: readonly TrustBadge[];
  variant?: "row" | "figures";
  className?: string;
}) {
  if (badges.length === 0) return null;
  if (variant === "figures") {
    return (
      <ul
        className={cn(
          "grid divide-y divide-border rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:divide-x sm:divide-y-0",
          figureColumns[badges.length] ?? "sm:grid-cols-3",
          className,
        )}
      >
        {badges.map(({ value, label }, index) => {
          const Icon = pickIcon("alternative", index);
          return (
            <li
              key={`${value} ${label}`}
              className="flex items-center gap-4 p-6 sm:flex-col sm:p-8 sm:text-center"
            >
              <Icon className="size-7 shrink-0 text-accent" aria-hidden="true" />
              <p>
                <span className="block text-3xl font-bold tracking-tight text-navy sm:text-4xl">
                  {value}
                </span>{" "}
                <span className="mt-1 block text-sm font-medium text-slate-600">{label}</span>
              </p>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul className={cn("flex flex-wrap gap-x-8 gap-y-4", className)}>
      {badges.map(({ value, label }, index) => {
        const Icon = pickIcon("main", index);
        return (
          <li key={`${value} ${label}`} className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-accent-tint text-accent ring-1 ring-accent-tint-strong">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-semibold text-navy">
              {value} {label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
