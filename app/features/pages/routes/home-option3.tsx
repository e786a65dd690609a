// Home, alternative layout 3: an editorial hero beside the "Why Choose" points, the firm's own
// description with its core values, the first three services as alternating rows, then a call to
// action.
import { Award, HeartHandshake, Lightbulb, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { buildAlternativeHomeMeta } from "~/features/pages/home/alternative-home-meta";
import { HeroActions, HeroHeading } from "~/features/pages/home/hero-parts";
import { loadHomeContent } from "~/features/pages/home/home-page.server";
import { LearnMoreLink, ServiceIcon } from "~/features/pages/services/service-card";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ContentCallToAction } from "~/ui/sections/call-to-action";
import { CheckList } from "~/ui/sections/check-list";
import { FeatureGrid } from "~/ui/sections/feature-grid";
import { Container, SectionHeading } from "~/ui/sections/section-heading";
import type { Route } from "./+types/home-option3";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHomeContent(context);
}

export function meta(args: Route.MetaArgs) {
  return buildAlternativeHomeMeta(args, {
    title: "Senior, Vendor-Neutral IT Consultants",
    description:
      "Senior, vendor-neutral IT consultants with transparent pricing and proven results. See how we help growing businesses plan, secure and run their technology.",
  });
}

export default function HomeOption3({ loaderData }: Route.ComponentProps) {
  const { general, hero, about, services, cta } = loaderData;
  return (
    <>
      <section className="border-b border-border bg-white">
        <Container className="grid gap-12 py-16 sm:py-24 lg:grid-cols-12 lg:gap-16">
          <div className="border-l-4 border-accent pl-6 sm:pl-8 lg:col-span-7 lg:self-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-slate-500">
              {hero.subtitle}
            </p>
            <HeroHeading hero={hero} className="mt-5" />
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
              {hero.description}
            </p>
            <HeroActions hero={hero} className="mt-10" />
          </div>
          <aside
            aria-labelledby="option3-why"
            className="rounded-3xl bg-slate-50 p-7 ring-1 ring-border sm:p-9 lg:col-span-5"
          >
            <h2 id="option3-why" className="text-lg font-semibold text-navy">
              Why Clients Choose {general.companyName}
            </h2>
            <ol className="mt-6 space-y-6">
              {services.whyChoose.map((point, index) => (
                <li key={point.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-sm font-bold text-primary ring-1 ring-tint-border"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-navy">{point.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">
                      {point.description}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </aside>
        </Container>
      </section>

      <section aria-labelledby="option3-about" className="py-20 sm:py-24">
        <Container>
          <SectionHeading eyebrow={about.heading} title={about.title} id="option3-about" />
          <RichText
            html={general.description}
            className="mt-6 max-w-4xl text-xl leading-relaxed text-slate-700 sm:text-2xl"
          />
          <h3 className="mt-14 text-sm font-semibold uppercase tracking-wider text-slate-500">
            {about.valuesHeading}
          </h3>
          <FeatureGrid
            features={about.values}
            icons={[Award, HeartHandshake, Lightbulb, ShieldCheck]}
            columns={4}
            headingLevel={4}
            className="mt-6"
          />
        </Container>
      </section>

      <section aria-labelledby="option3-services" className="bg-slate-50 py-20 sm:py-24">
        <Container>
          <SectionHeading
            eyebrow={hero.servicesEyebrow}
            title={services.heading}
            description={services.description}
            id="option3-services"
          />
          <ul className="mt-14 space-y-8">
            {services.items.slice(0, 3).map((service, index) => (
              <li
                key={service.title}
                className="grid overflow-hidden rounded-3xl border border-border bg-white shadow-sm md:grid-cols-5"
              >
                <div
                  className={cn(
                    "relative flex min-h-56 items-center justify-center overflow-hidden bg-gradient-to-br from-navy to-primary p-10 md:col-span-2",
                    index % 2 === 1 && "md:order-last",
                  )}
                >
                  <div
                    aria-hidden="true"
                    className="absolute inset-0 bg-[radial-gradient(rgba(255,255,255,0.09)_1px,transparent_1px)] bg-[size:18px_18px]"
                  />
                  <span
                    aria-hidden="true"
                    className="absolute size-44 rounded-full border border-white/15"
                  />
                  <span
                    aria-hidden="true"
                    className="absolute size-72 rounded-full border border-white/10"
                  />
                  <span className="relative">
                    <ServiceIcon icon={service.icon} size="lg" tone="dark" />
                  </span>
                </div>
                <div className="p-7 sm:p-10 md:col-span-3">
                  <p className="text-sm font-semibold text-accent" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </p>
                  <h3 className="mt-2 text-2xl font-semibold text-navy">{service.title}</h3>
                  <RichText
                    html={service.description}
                    className="mt-4 leading-relaxed text-slate-600"
                  />
                  <CheckList items={service.benefits} className="mt-6" />
                  <LearnMoreLink title={service.title} className="mt-7" />
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-12 text-center">
            <Button asChild variant="outline" size="lg">
              <Link to="/services">{hero.servicesLinkText}</Link>
            </Button>
          </p>
        </Container>
      </section>

      <ContentCallToAction cta={cta} headingId="option3-cta" />
    </>
  );
}
