// The closing call to action of a page: a heading, a line of text and up to two buttons, on a
// navy band (or a lighter card where a page already ends in navy).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "./section-heading";

export function CallToAction({
  heading,
  description,
  actions,
  tone = "navy",
  headingId,
  footnote,
}: {
  heading: ReactNode;
  description: ReactNode;
  /** Buttons, already styled for the tone. */
  actions: ReactNode;
  tone?: "navy" | "blue";
  headingId?: string;
  /** A line under the buttons, such as the booking calendar notice. */
  footnote?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative overflow-hidden",
        tone === "navy"
          ? "border-b border-white/10 bg-navy"
          : "bg-gradient-to-br from-primary to-navy",
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -left-24 -bottom-24 size-80 rounded-full bg-accent/15 blur-3xl"
      />
      <Container className="relative py-16 text-center sm:py-20">
        <h2
          id={headingId}
          className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          {heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-white">
          {description}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        {footnote ? <div className="mx-auto mt-6 max-w-2xl text-left">{footnote}</div> : null}
      </Container>
    </section>
  );
}

/** The site's standard closing call to action: the content's cta texts, booking and contact. */
export function ContentCallToAction({
  cta,
  headingId,
  tone = "navy",
}: {
  cta: { heading: string; description: string; buttonText: string; contactButtonText: string };
  headingId: string;
  tone?: "navy" | "blue";
}) {
  return (
    <CallToAction
      tone={tone}
      headingId={headingId}
      heading={cta.heading}
      description={cta.description}
      actions={
        <>
          <Button asChild size="lg" variant={tone === "navy" ? "accent" : "inverse"}>
            <Link to="/booking">{cta.buttonText}</Link>
          </Button>
          <Button asChild size="lg" variant="outline-inverse">
            <Link to="/contact">{cta.contactButtonText}</Link>
          </Button>
        </>
      }
    />
  );
}
