// Home, alternative layout 2: a centred hero, the first four services as numbered rows, the four
// steps of how the firm works, and a closing card that pairs the booking button with direct contact.
import { ArrowRight, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { buildAlternativeHomeMeta } from "~/features/pages/home/alternative-home-meta";
import { HeroActions, HeroHeading } from "~/features/pages/home/hero-parts";
import { loadHomeContent } from "~/features/pages/home/home-page.server";
import { LearnMoreLink, ServiceIcon } from "~/features/pages/services/service-card";
import { toTelHref } from "~/platform/display-text";
import { Button } from "~/ui/button";
import { NumberedSteps } from "~/ui/sections/numbered-steps";
import { Container, SectionHeading } from "~/ui/sections/section-heading";
import type { Route } from "./+types/home-option2";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHomeContent(context);
}

export function meta(args: Route.MetaArgs) {
  return buildAlternativeHomeMeta(args, {
    title: "Your Technology Partner for Strategy, Security and Support",
    description:
      "Strategy, security, cloud and managed IT services, delivered by senior consultants through a clear four-step approach. Talk to us or book a free consultation.",
  });
}

export default function HomeOption2({ loaderData }: Route.ComponentProps) {
  const { hero, about, services, cta, contact } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_50%_0%,rgba(191,219,254,0.7),transparent_60%)]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-px bg-gradient-to-r from-transparent via-tint-border to-transparent"
        />
        <Container className="relative py-20 text-center sm:py-28">
          <p className="mx-auto inline-flex rounded-full bg-navy px-4 py-1.5 text-xs font-semibold text-white sm:text-sm">
            {hero.subtitle}
          </p>
          <HeroHeading hero={hero} className="mx-auto mt-7 max-w-4xl" />
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            {hero.description}
          </p>
          <HeroActions hero={hero} className="mt-10 justify-center" />
        </Container>
      </section>

      <section aria-labelledby="option2-services" className="bg-slate-50 py-20 sm:py-24">
        <Container>
          <SectionHeading
            eyebrow={hero.servicesEyebrow}
            title={services.heading}
            description={services.description}
            align="center"
            id="option2-services"
          />
          <ol className="mt-14 grid gap-px overflow-hidden rounded-2xl border border-border bg-border shadow-sm md:grid-cols-2">
            {services.items.slice(0, 4).map((service, index) => (
              <li key={service.title} className="flex gap-5 bg-white p-7 sm:p-9">
                <div className="flex flex-col items-center gap-3">
                  <span aria-hidden="true" className="text-sm font-bold tabular-nums text-accent">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <ServiceIcon icon={service.icon} size="sm" />
                </div>
                <div className="flex flex-1 flex-col">
                  <h3 className="text-xl font-semibold text-navy">{service.title}</h3>
                  <RichText
                    html={service.description}
                    className="mt-3 flex-1 text-sm leading-relaxed text-slate-600"
                  />
                  <LearnMoreLink title={service.title} className="mt-5 self-start" />
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-10 text-center">
            <Link
              to="/services"
              className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary hover:text-navy"
            >
              {hero.servicesLinkText}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </p>
        </Container>
      </section>

      <section aria-labelledby="option2-approach" className="py-20 sm:py-24">
        <Container>
          <SectionHeading
            eyebrow={hero.approachEyebrow}
            title={hero.approachHeading}
            description={about.description}
            align="center"
            id="option2-approach"
          />
          <NumberedSteps steps={about.approach} className="mt-14" />
          <p className="mt-12 text-center">
            <Button asChild variant="outline">
              <Link to="/about">
                {hero.aboutLinkText}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </p>
        </Container>
      </section>

      <section aria-labelledby="option2-cta" className="pb-20 sm:pb-24">
        <Container>
          <div className="grid overflow-hidden rounded-3xl bg-navy shadow-xl lg:grid-cols-5">
            <div className="p-8 sm:p-12 lg:col-span-3">
              <h2
                id="option2-cta"
                className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
              >
                {cta.heading}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-300">{cta.description}</p>
              <Button asChild size="lg" variant="accent" className="mt-8">
                <Link to="/booking">{cta.buttonText}</Link>
              </Button>
            </div>
            <div className="flex flex-col justify-center gap-5 bg-white/5 p-8 sm:p-12 lg:col-span-2">
              <h3 className="text-base font-semibold text-white">{cta.callHeading}</h3>
              <a
                href={toTelHref(contact.phone)}
                className="flex items-center gap-3 text-slate-200 hover:text-white"
              >
                <Phone className="size-5 text-accent-light" aria-hidden="true" />
                {contact.phone}
              </a>
              <a
                href={`mailto:${contact.email}`}
                className="flex items-center gap-3 break-all text-slate-200 hover:text-white"
              >
                <Mail className="size-5 shrink-0 text-accent-light" aria-hidden="true" />
                {contact.email}
              </a>
              <Button asChild variant="outline-inverse" className="self-start">
                <Link to="/contact">{cta.contactButtonText}</Link>
              </Button>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
