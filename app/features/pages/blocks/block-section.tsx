// The band every block sits in: white or slate, with the site's section heading when it has one.
import type { ReactNode } from "react";
import { cn } from "~/ui/cn";
import { Container, SectionHeading } from "~/ui/sections/section-heading";

export function Section({
  heading,
  intro,
  id,
  tone = "white",
  align,
  children,
}: {
  heading?: string;
  intro?: string;
  id: string;
  tone?: "white" | "slate";
  /** "center" for a narrow, centred body (FAQ): its heading sits over it. */
  align?: "center";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={heading ? id : undefined}
      className={cn("py-16 sm:py-20", tone === "slate" ? "bg-slate-50" : "bg-white")}
    >
      <Container>
        {heading ? (
          <SectionHeading
            id={id}
            title={heading}
            description={intro || undefined}
            align={align}
            className="mb-10"
          />
        ) : null}
        {children}
      </Container>
    </section>
  );
}
