// /services/{slug}: one service in full (description, long description, the four tabs, related
// services, booking calls to action). A renamed service's old slug is answered before this page
// (301 to the new one, by the redirects feature); an unknown slug answers 404 with "Service Not
// Found".
import { ChevronDown } from "lucide-react";
import { data, Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { getRequestContent } from "~/features/content/request-content.server";
import {
  findServiceBySlug,
  pickRelatedServices,
  summarizeRelatedService,
} from "~/features/content/services";
import { fillServiceName } from "~/features/content/text";
import { BookingDetailsNote } from "~/features/pages/booking/booking-details-note";
import { ExternalBookingLink } from "~/features/pages/booking/external-booking-link";
import { LearnMoreLink, ServiceIcon } from "~/features/pages/services/service-card";
import { ServiceDetailTabs } from "~/features/pages/services/service-detail-tabs";
import { toPlainText } from "~/platform/plain-text";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { CallToAction } from "~/ui/sections/call-to-action";
import { drawErrorNotice, type ErrorNotices } from "~/ui/sections/error-notice";
import { Container, SectionHeading } from "~/ui/sections/section-heading";
import type { Route } from "./+types/service-detail";

export const handle = {
  page: { each: "service", group: "Services", order: 100 },
} satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  const items = content.services.items;
  const service = findServiceBySlug(items, params.slug);
  if (!service) {
    throw data("Service not found", { status: 404 });
  }
  return {
    service,
    related: pickRelatedServices(items, service).map(summarizeRelatedService),
    whyChoose: content.services.whyChoose,
    companyName: content.general.companyName,
    bookingNote: content.booking.detailsNote,
    texts: {
      relatedHeading: content.services.relatedHeading,
      ctaHeading: fillServiceName(content.services.detailCtaHeading, service.title),
      ctaDescription: content.services.detailCtaDescription,
      contactButtonText: content.cta.contactButtonText,
    },
    tabTexts: {
      benefitsHeading: content.services.benefitsHeading,
      approachIntro: fillServiceName(content.services.approachIntro, service.title),
      capabilitiesIntro: fillServiceName(content.services.capabilitiesIntro, service.title),
      useCasesIntro: fillServiceName(content.services.useCasesIntro, service.title),
    },
  };
}

export function meta(args: Route.MetaArgs) {
  const service = args.loaderData?.service;
  if (!service) {
    return buildPageMeta(args, {
      title: "Service Not Found",
      description: "The service you're looking for could not be found.",
      noindex: true,
    });
  }
  return buildPageMeta(args, {
    title: service.title,
    description: toPlainText(service.description),
    seo: service,
    service: { name: service.title },
  });
}

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service, related, whyChoose, companyName, bookingNote, texts } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-32 -top-32 size-96 rounded-full bg-tint-strong/60 blur-3xl"
        />
        <Container className="relative py-12 sm:py-16">
          <nav aria-label="Breadcrumb">
            {/* The menus' chevron turned: every page has it already, a separate icon would not. */}
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
              <li>
                <Link to="/" className="hover:text-primary">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronDown className="size-4 -rotate-90" />
              </li>
              <li>
                <Link to="/services" className="hover:text-primary">
                  Services
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronDown className="size-4 -rotate-90" />
              </li>
              <li aria-current="page" className="font-medium text-navy">
                {service.title}
              </li>
            </ol>
          </nav>
          <div className="mt-8 max-w-3xl">
            <ServiceIcon icon={service.icon} size="lg" />
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-navy sm:text-5xl">
              {service.title}
            </h1>
            <RichText
              html={service.description}
              className="mt-5 text-lg leading-relaxed text-slate-600"
            />
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ExternalBookingLink>Book a Consultation</ExternalBookingLink>
              <Button asChild variant="outline" size="lg">
                <Link to="/services">View All Services</Link>
              </Button>
            </div>
            <BookingDetailsNote html={bookingNote} className="mt-6" />
          </div>
        </Container>
      </section>

      <section aria-labelledby="service-about" className="pt-16 sm:pt-20">
        <Container>
          <h2 id="service-about" className="sr-only">
            About {service.title}
          </h2>
          <p className="max-w-4xl text-lg leading-relaxed text-pretty text-slate-700 sm:text-2xl">
            {service.longDescription}
          </p>
        </Container>
      </section>

      <section aria-label={`${service.title} details`} className="py-16 sm:py-20">
        <Container>
          {/* Keyed so another service's page opens on Overview again. */}
          <ServiceDetailTabs
            key={service.title}
            service={service}
            texts={loaderData.tabTexts}
            whyChoose={whyChoose}
            companyName={companyName}
          />
        </Container>
      </section>

      {related.length > 0 ? (
        <section aria-labelledby="related-services" className="bg-slate-50 py-16 sm:py-20">
          <Container>
            <SectionHeading title={texts.relatedHeading} id="related-services" />
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {related.map((item) => (
                <li
                  key={item.title}
                  className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm"
                >
                  <ServiceIcon icon={item.icon} size="sm" />
                  <h3 className="mt-4 text-lg font-semibold text-navy">{item.title}</h3>
                  <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
                    {item.summary}
                  </p>
                  <LearnMoreLink title={item.title} className="mt-5 self-start" />
                </li>
              ))}
            </ul>
          </Container>
        </section>
      ) : null}

      <CallToAction
        headingId="service-cta"
        heading={texts.ctaHeading}
        description={texts.ctaDescription}
        actions={
          <>
            <ExternalBookingLink variant="accent">Book a Consultation</ExternalBookingLink>
            <Button asChild size="lg" variant="outline-inverse">
              <Link to="/contact">{texts.contactButtonText}</Link>
            </Button>
          </>
        }
        footnote={<BookingDetailsNote html={bookingNote} tone="dark" />}
      />
    </>
  );
}

const toServices = [{ to: "/services", label: "View All Services" }];

// A failing service keeps the reader on the site's frame, unlike the other detail pages.
const notices: ErrorNotices = {
  notFound: {
    look: "compact",
    heading: "Service Not Found",
    text: "The service you're looking for could not be found.",
    links: toServices,
  },
  failure: {
    look: "compact",
    heading: "Something went wrong",
    text: "We could not show this service. Please try again in a moment.",
    links: toServices,
  },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return drawErrorNotice(error, notices);
}
