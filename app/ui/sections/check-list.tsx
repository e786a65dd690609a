// A list of short statements, each with a check mark: benefits, features, preparation points.
import { CircleCheck } from "lucide-react";
import { cn } from "~/ui/cn";

export function CheckList({
  items,
  columns = 1,
  tone = "light",
  className,
}: {
  items: readonly string[];
  columns?: 1 | 2;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-3", columns === 2 && "sm:grid-cols-2 sm:gap-x-8", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CircleCheck
            className={cn(
              "mt-0.5 size-5 shrink-0",
              tone === "light" ? "text-accent" : "text-accent-light",
            )}
            aria-hidden="true"
          />
          <span
            className={cn(
              "text-sm leading-relaxed sm:text-base",
              tone === "light" ? "text-slate-700" : "text-slate-200",
            )}
          >
            {item}
          </span>
        </li>
      ))}
    </ul>
  );
}
