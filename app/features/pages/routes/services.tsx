// /services: every service as a card (icon, title, description, Learn More), then the closing
// "Need Custom IT Solutions?" block that leads to the contact page.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { ServiceCard } from "~/features/pages/services/service-card";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { CallToAction } from "~/ui/sections/call-to-action";
import { PageHeader } from "~/ui/sections/page-header";
import { Container } from "~/ui/sections/section-heading";
import type { Route } from "./+types/services";

export const handle = {
  page: { title: { contentHeading: "services" }, group: "Main Pages", order: 20 },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  const { eyebrow, heading, description, items, customHeading, customDescription } =
    content.services;
  return {
    eyebrow,
    heading,
    description,
    custom: {
      heading: customHeading,
      description: customDescription,
      contactText: content.cta.contactButtonText,
    },
    seo: content.seo.services,
    items: items.map(({ title, icon, description }) => ({ title, icon, description })),
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: args.loaderData?.heading ?? "Our Services",
    description: args.loaderData?.description ?? "",
    seo: args.loaderData?.seo,
  });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { eyebrow, heading, description, items, custom } = loaderData;
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={heading} description={description} />
      <section aria-label="All services" className="py-16 sm:py-20">
        <Container>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((service) => (
              <li key={service.title}>
                <ServiceCard service={service} headingLevel={2} />
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <CallToAction
        headingId="services-custom"
        heading={custom.heading}
        description={custom.description}
        actions={
          <>
            <Button asChild size="lg" variant="accent">
              <Link to="/contact">
                {custom.contactText}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <Link to="/booking">Book a Consultation</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
