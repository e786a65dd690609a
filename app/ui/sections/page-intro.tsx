// The opening band of a listing page: its heading (the page's h1) and a short description.
import type { ReactNode } from "react";

export function PageIntro({
  eyebrow,
  heading,
  description,
  children,
}: {
  eyebrow?: string;
  heading: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-navy sm:text-5xl">{heading}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">{description}</p>
        {children}
      </div>
    </section>
  );
}
