// Steps of a process, numbered in order: the firm's approach on the about page and a home layout,
// and each service's approach. Side by side on wide screens, stacked with a rail on narrow ones.
import { cn } from "~/ui/cn";

export type Step = { title: string; description: string };

export function NumberedSteps({
  steps,
  layout = "row",
  className,
}: {
  steps: readonly Step[];
  /** "row": columns on wide screens; "column": always stacked. */
  layout?: "row" | "column";
  className?: string;
}) {
  return (
    <ol
      className={cn(
        "relative grid gap-8",
        layout === "row" && steps.length >= 4 && "md:grid-cols-2 lg:grid-cols-4",
        layout === "row" && steps.length === 3 && "md:grid-cols-3",
        className,
      )}
    >
      {steps.map((step, index) => (
        <li key={step.title} className="relative flex gap-5 md:block">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-white shadow-md ring-4 ring-tint-strong"
          >
            {index + 1}
          </span>
          <div className="md:mt-5">
            <h3 className="text-lg font-semibold text-navy">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600 sm:text-base">
              {step.description}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
