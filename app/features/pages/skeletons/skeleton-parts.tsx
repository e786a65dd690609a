// Building blocks of the page skeletons: grey shapes in the size and place of a page's sections.

import { cn } from "~/ui/cn";
import { Skeleton } from "~/ui/skeleton";

const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

/** The opening band of a page: eyebrow, heading, description and, optionally, buttons. */
export function IntroSkeleton({ buttons = 0, tall = false }: { buttons?: number; tall?: boolean }) {
  return (
    <div className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
      <div className={cn(container, tall ? "py-20 sm:py-28" : "py-16 sm:py-20")}>
        <Skeleton className="h-4 w-40" />
        <Skeleton className={cn("mt-5 w-full max-w-2xl", tall ? "h-14" : "h-11")} />
        {tall ? <Skeleton className="mt-3 h-14 w-full max-w-xl" /> : null}
        <Skeleton className="mt-6 h-5 w-full max-w-2xl" />
        <Skeleton className="mt-3 h-5 w-full max-w-xl" />
        {buttons > 0 ? (
          <div className="mt-10 flex gap-3">
            {Array.from({ length: buttons }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
              <Skeleton key={index} className="h-12 w-44" />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Lines of running text; the last one shorter. */
export function TextSkeleton({ lines = 4, className }: { lines?: number; className?: string }) {
  return (
    <div className={cn("space-y-3", className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
          key={index}
          className={cn("h-4", index === lines - 1 ? "w-2/3" : "w-full")}
        />
      ))}
    </div>
  );
}

/** A card: optional image, a title and a few lines. */
export function CardSkeleton({ image = false }: { image?: boolean }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      {image ? <Skeleton className="aspect-[3/2] w-full rounded-none" /> : null}
      <div className="p-6">
        {image ? null : <Skeleton className="size-10 rounded-lg" />}
        <Skeleton className={cn("h-6 w-3/4", image ? "" : "mt-5")} />
        <TextSkeleton lines={3} className="mt-4" />
      </div>
    </div>
  );
}

export function CardGridSkeleton({
  count,
  columns,
  image = false,
}: {
  count: number;
  columns: 2 | 3 | 4;
  image?: boolean;
}) {
  return (
    <div
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        columns === 3 && "lg:grid-cols-3",
        columns === 4 && "lg:grid-cols-4",
      )}
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <CardSkeleton key={index} image={image} />
      ))}
    </div>
  );
}

export function SectionSkeleton({ children }: { children: React.ReactNode }) {
  return <div className={cn(container, "py-16")}>{children}</div>;
}
