// The banner at the top of an inner page (services, about, booking, legal, sitemap): a title, an
// optional eyebrow and intro, on the site's soft blue gradient.
import type { ReactNode } from "react";
import { Container, SectionHeading } from "./section-heading";

export function PageHeader({
  eyebrow,
  title,
  description,
  level = 1,
  children,
}: {
  eyebrow?: ReactNode;
  /** 2 when the banner is not the page's own header (a hero among a page's later sections). */
  level?: 1 | 2;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 size-96 rounded-full bg-tint-strong/60 blur-3xl"
      />
      <Container className="relative py-16 sm:py-20">
        <SectionHeading
          level={level}
          eyebrow={eyebrow}
          title={title}
          description={description}
          align="center"
        />
        {children ? <div className="mt-8 flex justify-center">{children}</div> : null}
      </Container>
    </section>
  );
}
