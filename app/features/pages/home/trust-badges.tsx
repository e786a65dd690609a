// The trust badges of the home layouts: the main layout's three, and the other
// set one alternative layout shows, either as a compact row or as large figures.
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

export type TrustBadge = { value: string; label: string; icon: LucideIcon };

export const mainTrustBadges: TrustBadge[] = [
  { value: "15+", label: "Years Experience", icon: Award },
  { value: "100+", label: "Projects Completed", icon: FolderCheck },
  { value: "24/7", label: "Support", icon: Headset },
];

export const alternativeTrustBadges: TrustBadge[] = [
  { value: "10+", label: "Years Experience", icon: BriefcaseBusiness },
  { value: "50+", label: "Projects Completed", icon: BadgeCheck },
  { value: "100%", label: "Client Satisfaction", icon: ThumbsUp },
];

export function TrustBadges({
  badges,
  variant = "row",
  className,
}: {
  badges: TrustBadge[];
  variant?: "row" | "figures";
  className?: string;
}) {
  if (variant === "figures") {
    return (
      <ul
        className={cn(
          "grid divide-y divide-border rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:grid-cols-3 sm:divide-x sm:divide-y-0",
          className,
        )}
      >
        {badges.map(({ value, label, icon: Icon }) => (
          <li key={label} className="flex items-center gap-4 p-6 sm:flex-col sm:p-8 sm:text-center">
            <Icon className="size-7 shrink-0 text-accent" aria-hidden="true" />
            <p>
              <span className="block text-3xl font-bold tracking-tight text-navy sm:text-4xl">
                {value}
              </span>{" "}
              <span className="mt-1 block text-sm font-medium text-slate-600">{label}</span>
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={cn("flex flex-wrap gap-x-8 gap-y-4", className)}>
      {badges.map(({ value, label, icon: Icon }) => (
        <li key={label} className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-teal-50 text-accent ring-1 ring-teal-100">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="text-sm font-semibold text-navy">
            {value} {label}
          </span>
        </li>
      ))}
    </ul>
  );
}
