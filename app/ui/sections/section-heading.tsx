// The heading block that opens a page section: an optional eyebrow line, the title and an intro.
import type { ReactNode } from "react";
import { cn } from "~/ui/cn";

export function SectionHeading({
  eyebrow,
  title,
  description,
  align = "left",
  level = 2,
  tone = "light",
  id,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  align?: "left" | "center";
  level?: 1 | 2;
  tone?: "light" | "dark";
  id?: string;
  className?: string;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  const dark = tone === "dark";
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? (
        <p
          className={cn(
            "text-sm font-semibold uppercase tracking-wider",
            dark ? "text-accent-light" : "text-accent",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <Heading
        id={id}
        className={cn(
          "font-bold tracking-tight text-balance",
          eyebrow && "mt-3",
          level === 1 ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
          dark ? "text-white" : "text-navy",
        )}
      >
        {title}
      </Heading>
      {description ? (
        <p
          className={cn(
            "mt-4 text-lg leading-relaxed text-pretty",
            dark ? "text-slate-300" : "text-slate-600",
          )}
        >
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** The page-width container every section uses, so edges line up across the site. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto max-w-7xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>;
}
