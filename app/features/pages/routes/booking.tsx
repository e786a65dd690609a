// /booking: book the free 30-minute consultation in the embedded calendar, browse the services or
// read what to expect; a closing block offers phone, email and the contact page instead.
import { Mail, MessageSquare, Phone } from "lucide-react";
import { Link } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { BookingTabs } from "~/features/pages/booking/booking-tabs";
import { toTelHref } from "~/platform/display-text";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { PageHeader } from "~/ui/sections/page-header";
import { Container } from "~/ui/sections/section-heading";
import type { Route } from "./+types/booking";

export const handle = {
  page: { title: "Book a Consultation", group: "Main Pages", order: 70 },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  return {
    booking: content.booking,
    seo: content.seo.booking,
    services: content.services.items.map(({ title, icon, description }) => ({
      title,
      icon,
      description,
    })),
    contact: { phone: content.contact.phone, email: content.contact.email },
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Book a Free Consultation",
    description:
      args.loaderData?.booking.description ??
      "Schedule a free 30-minute consultation with one of our senior consultants.",
    seo: args.loaderData?.seo,
  });
}

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { booking, services, contact } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={booking.eyebrow}
        title={booking.heading}
        description={booking.description}
      />
      <section aria-label="Book a consultation" className="py-12 sm:py-16">
        <Container className="max-w-6xl">
          <BookingTabs url={booking.url} texts={booking} services={services} />
        </Container>
      </section>
      <section aria-labelledby="booking-questions" className="border-t border-border bg-slate-50">
        <Container className="flex flex-col items-center gap-8 py-14 text-center lg:flex-row lg:justify-between lg:text-left">
          <div>
            <h2 id="booking-questions" className="text-2xl font-bold tracking-tight text-navy">
              {booking.questionsHeading}
            </h2>
            <p className="mt-2 text-slate-600">{booking.questionsText}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="outline" size="lg">
              <a href={toTelHref(contact.phone)}>
                <Phone aria-hidden="true" />
                Call {contact.phone}
              </a>
            </Button>
            <Button asChild variant="outline" size="lg">
              <a href={`mailto:${contact.email}`}>
                <Mail aria-hidden="true" />
                Email Us
              </a>
            </Button>
            <Button asChild size="lg">
              <Link to="/contact">
                <MessageSquare aria-hidden="true" />
                Contact Page
              </Link>
            </Button>
          </div>
        </Container>
      </section>
    </>
  );
}
