// Titled points in a grid of small cards: the firm's features, core values, "Why Choose" points
// and use cases. Icons cycle through the given set so content can hold any number of points.
import { CircleCheck, type LucideIcon } from "lucide-react";
import { cn } from "~/ui/cn";

export type Feature = { title: string; description: string };

export function FeatureGrid({
  features,
  icons = [CircleCheck],
  columns = 2,
  headingLevel = 3,
  className,
}: {
  features: readonly Feature[];
  icons?: readonly LucideIcon[];
  columns?: 2 | 4;
  headingLevel?: 3 | 4;
  className?: string;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <ul
      className={cn(
        "grid gap-5",
        columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-4",
        className,
      )}
    >
      {features.map((feature, index) => {
        const Icon = icons[index % icons.length] ?? CircleCheck;
        return (
          <li
            key={feature.title}
            className="rounded-2xl border border-border bg-white p-6 shadow-sm"
          >
            <span className="flex size-11 items-center justify-center rounded-lg bg-accent-tint text-accent ring-1 ring-accent-tint-strong">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <Heading className="mt-4 text-base font-semibold text-navy sm:text-lg">
              {feature.title}
            </Heading>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
