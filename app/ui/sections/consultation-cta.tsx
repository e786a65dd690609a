// The closing call to action of content pages: book the free consultation or get in touch.
import { ArrowRight, CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";

export function ConsultationCta({
  heading,
  description,
  buttons,
}: {
  heading: string;
  description: string;
  buttons: { bookText: string; contactText: string };
}) {
  return (
    <section className="bg-navy" aria-labelledby="consultation-cta-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="consultation-cta-heading" className="text-3xl font-bold tracking-tight text-white">
          {heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-slate-300">{description}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="inverse">
            <Link to="/booking">
              <CalendarCheck aria-hidden="true" />
              {buttons.bookText}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline-inverse">
            <Link to="/contact">
              {buttons.contactText}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
