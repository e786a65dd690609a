// Home, the main layout: hero with trust badges, about block, the first four services, the owner's
// extra blocks and a call to action. When the content cannot be read it shows an error screen (503).
import { ArrowRight, CircleCheck, Clock, Handshake, Lightbulb, ShieldCheck } from "lucide-react";
import { data, Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { pickHomeContent } from "~/features/content/home";
import { getRequestContent } from "~/features/content/request-content.server";
import { DrawnBlocks } from "~/features/pages/blocks/extra-blocks";
import { renderExtraBlocks } from "~/features/pages/blocks/extra-blocks.server";
import { ContentError } from "~/features/pages/home/content-error";
import { HeroActions, HeroHeading } from "~/features/pages/home/hero-parts";
import { TrustBadges } from "~/features/pages/home/trust-badges";
import { ServiceCard } from "~/features/pages/services/service-card";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { ContentCallToAction } from "~/ui/sections/call-to-action";
import { FeatureGrid } from "~/ui/sections/feature-grid";
import { Container, SectionHeading } from "~/ui/sections/section-heading";
import type { Route } from "./+types/home";

export const handle = {
  page: { title: "Home", group: "Main Pages", order: 10, changesWith: "everything" },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { content, fresh } = await getRequestContent(context);
  if (!fresh) {
    return data({ home: null }, { status: 503, headers: { "Retry-After": "30" } });
  }
  return {
    home: pickHomeContent(content),
    seo: content.seo.home,
    extra: await renderExtraBlocks(context, content.extraBlocks.home),
  };
}

export function meta(args: Route.MetaArgs) {
  const home = args.loaderData?.home;
  if (!home) {
    return buildPageMeta(args, {
      title: "Error Loading Content",
      description: "We're having trouble loading the website content.",
      path: "/",
      noindex: true,
    });
  }
  return buildPageMeta(args, {
    // buildPageMeta adds " | company name".
    title: home.general.tagline || home.general.companyName,
    description: home.hero.description,
    seo: args.loaderData?.seo,
    path: "/",
    organization: true,
    website: true,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  if (!home) return <ContentError />;
  const extra = "extra" in loaderData ? loaderData.extra : undefined;
  const { hero, about, services, cta } = home;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-slate-50 via-white to-tint">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-40 -top-40 size-[32rem] rounded-full bg-tint-strong/70 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-48 -left-40 size-[28rem] rounded-full bg-accent-tint-strong/50 blur-3xl"
        />
        <Container className="relative grid gap-14 py-16 sm:py-24 lg:grid-cols-12 lg:items-center lg:gap-10">
          <div className="lg:col-span-7">
            <p className="inline-flex items-center gap-2 rounded-full border border-tint-border bg-white/80 px-3.5 py-1.5 text-xs font-semibold text-primary shadow-sm sm:text-sm">
              <span className="size-2 rounded-full bg-accent" aria-hidden="true" />
              {hero.subtitle}
            </p>
            <HeroHeading hero={hero} className="mt-6" />
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
              {hero.description}
            </p>
            <HeroActions hero={hero} className="mt-10" />
            <TrustBadges badges={hero.badges} className="mt-12" />
          </div>
          <aside aria-labelledby="home-consultation" className="lg:col-span-5">
            <div className="rounded-2xl border border-border bg-white p-7 shadow-xl shadow-navy/5 sm:p-8">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white">
                  <Clock className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 id="home-consultation" className="text-lg font-semibold text-navy">
                    {hero.consultationHeading}
                  </h2>
                  <p className="text-sm text-slate-600">{hero.consultationSubheading}</p>
                </div>
              </div>
              <ul className="mt-6 space-y-3.5">
                {hero.consultationPoints.map((point) => (
                  <li key={point} className="flex items-start gap-3 text-sm text-slate-700">
                    <CircleCheck
                      className="mt-0.5 size-5 shrink-0 text-accent"
                      aria-hidden="true"
                    />
                    {point}
                  </li>
                ))}
              </ul>
              <div className="mt-7 border-t border-border pt-6">
                <p className="text-sm font-semibold text-navy">
                  {hero.consultationServicesHeading}
                </p>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {services.items.slice(0, 4).map((service) => (
                    <li
                      key={service.title}
                      className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-slate-700"
                    >
                      {service.title}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </aside>
        </Container>
      </section>

      <section aria-labelledby="home-about" className="py-20 sm:py-24">
        <Container className="grid gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading eyebrow={about.heading} title={about.title} id="home-about" />
            <RichText
              html={about.content}
              className="mt-6 text-base leading-relaxed text-slate-600 sm:text-lg"
            />
            <Link
              to="/about"
              className="mt-8 inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary hover:text-navy"
            >
              {hero.aboutLinkText}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          <FeatureGrid
            features={about.features}
            icons={[ShieldCheck, Lightbulb, CircleCheck, Handshake]}
          />
        </Container>
      </section>

      <section aria-labelledby="home-services" className="bg-slate-50 py-20 sm:py-24">
        <Container>
          <SectionHeading
            eyebrow={hero.servicesEyebrow}
            title={services.heading}
            description={services.description}
            align="center"
            id="home-services"
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.items.slice(0, 4).map((service) => (
              <li key={service.title}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Button asChild variant="outline" size="lg">
              <Link to="/services">
                {hero.servicesLinkText}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </Container>
      </section>

      <DrawnBlocks html={extra ?? ""} />

      <ContentCallToAction cta={cta} headingId="home-cta" />
    </>
  );
}
