// A client's testimonial: the quote, then initials, name, role and company.
import { Quote } from "lucide-react";
import { cn } from "~/ui/cn";
import { InitialsAvatar } from "~/ui/sections/initials-avatar";
import type { CaseStudy } from "../schema";

export function TestimonialCard({
  testimonial,
  className,
}: {
  testimonial: CaseStudy["testimonial"];
  className?: string;
}) {
  return (
    <figure className={cn("rounded-xl border border-border bg-white p-6 shadow-sm", className)}>
      <Quote className="size-7 text-accent" aria-hidden="true" />
      <blockquote className="mt-3 text-base leading-relaxed text-slate-700">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        <InitialsAvatar initials={testimonial.initials} />
        <span className="text-sm">
          <span className="block font-semibold text-navy">{testimonial.name}</span>
          <span className="block text-slate-600">
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
