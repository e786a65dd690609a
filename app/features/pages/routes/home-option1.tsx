// Home, alternative layout 1: a dark hero, the content's other set of figures on a card that overlaps
// it, the first three services with their key benefits, the about block and a blue call to action.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { buildAlternativeHomeMeta } from "~/features/pages/home/alternative-home-meta";
import { HeroActions, HeroHeading } from "~/features/pages/home/hero-parts";
import { loadHomeContent } from "~/features/pages/home/home-page.server";
import { TrustBadges } from "~/features/pages/home/trust-badges";
import { LearnMoreLink, ServiceIcon } from "~/features/pages/services/service-card";
import { Button } from "~/ui/button";
import { ContentCallToAction } from "~/ui/sections/call-to-action";
import { CheckList } from "~/ui/sections/check-list";
import { Container, SectionHeading } from "~/ui/sections/section-heading";
import type { Route } from "./+types/home-option1";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHomeContent(context);
}

export function meta(args: Route.MetaArgs) {
  return buildAlternativeHomeMeta(args, {
    title: "IT Consulting and Managed Services for Growing Businesses",
    description:
      "Independent IT consulting for growing businesses: strategy, network security and cloud services from senior consultants. Book a free 30-minute consultation.",
  });
}

export default function HomeOption1({ loaderData }: Route.ComponentProps) {
  const { hero, about, services, cta } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-navy pb-32 sm:pb-36">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(37,99,235,0.45),transparent_55%)]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-32 size-96 rounded-full bg-accent/20 blur-3xl"
        />
        <Container className="relative pt-16 sm:pt-24">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-light">
              {hero.subtitle}
            </p>
            <HeroHeading hero={hero} tone="dark" className="mt-5" />
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-300">
              {hero.description}
            </p>
            <HeroActions hero={hero} tone="dark" className="mt-10" />
          </div>
        </Container>
      </section>

      {hero.alternativeBadges.length > 0 ? (
        <Container className="relative -mt-20">
          <h2 className="sr-only">{hero.alternativeBadgesHeading}</h2>
          <TrustBadges badges={hero.alternativeBadges} variant="figures" />
        </Container>
      ) : null}

      <section aria-labelledby="option1-services" className="py-20 sm:py-24">
        <Container>
          <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
            <SectionHeading
              eyebrow={hero.servicesEyebrow}
              title={services.heading}
              description={services.description}
              id="option1-services"
            />
            <Button asChild variant="outline" className="self-start md:self-auto">
              <Link to="/services">
                {hero.servicesLinkText}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {services.items.slice(0, 3).map((service) => (
              <li
                key={service.title}
                className="flex flex-col rounded-2xl border border-border bg-white p-7 shadow-sm transition-shadow hover:shadow-lg"
              >
                <div className="flex items-center gap-4">
                  <ServiceIcon icon={service.icon} />
                  <h3 className="text-xl font-semibold leading-snug text-navy">{service.title}</h3>
                </div>
                <RichText
                  html={service.description}
                  className="mt-5 text-sm leading-relaxed text-slate-600"
                />
                <CheckList
                  items={service.benefits}
                  className="mt-6 flex-1 border-t border-border pt-6"
                />
                <LearnMoreLink title={service.title} className="mt-7 self-start" />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="option1-about" className="bg-slate-50 py-20 sm:py-24">
        <Container className="grid gap-12 lg:grid-cols-5 lg:gap-16">
          <div className="lg:col-span-3">
            <SectionHeading eyebrow={about.heading} title={about.title} id="option1-about" />
            <RichText
              html={about.content}
              className="mt-6 text-base leading-relaxed text-slate-600 sm:text-lg"
            />
            <Button asChild variant="outline" className="mt-8">
              <Link to="/about">
                {hero.aboutLinkText}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="space-y-4 lg:col-span-2">
            {about.features.map((feature, index) => (
              <li
                key={feature.title}
                className="flex gap-4 rounded-xl border border-border bg-white p-5 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-tint text-sm font-bold text-accent ring-1 ring-accent-tint-strong"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                <div>
                  <h3 className="font-semibold text-navy">{feature.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">
                    {feature.description}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <ContentCallToAction cta={cta} headingId="option1-cta" tone="blue" />
    </>
  );
}
