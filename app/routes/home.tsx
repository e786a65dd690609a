// Home, the main variant: hero, trust badges, services and a call to action.
import { ArrowRight, CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { InlineRichText } from "~/components/rich-text";
import { Button } from "~/components/ui/button";
import { getIcon } from "~/content/icons";
import { toSlug } from "~/content/slug";
import { toPlainText } from "~/content/text";
import { buildPageMeta } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { getSiteContent } from "~/server/site-content.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  const { content } = await getSiteContent(db, logger);
  return {
    general: content.general,
    hero: content.hero,
    services: content.services,
    cta: content.cta,
  };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  return buildPageMeta(args, {
    title: data ? `${data.general.companyName} | ${data.general.tagline}` : "Home",
    description: data?.hero.description ?? "",
    path: "/",
  });
}

const trustBadges = ["15+ Years Experience", "100+ Projects Completed", "24/7 Support"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, services, cta } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-slate-50 via-white to-blue-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {hero.subtitle}
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-navy sm:text-6xl">
            <InlineRichText html={hero.heading1} className="block" />
            <InlineRichText html={hero.heading2} className="block text-primary" />
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
            {hero.description}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/booking">
                <CalendarCheck aria-hidden="true" />
                {hero.primaryButtonText}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/services">
                {hero.secondaryButtonText}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="mt-12 flex flex-wrap gap-x-8 gap-y-3 text-sm font-medium text-slate-700">
            {trustBadges.map((badge) => (
              <li key={badge} className="flex items-center gap-2">
                <span className="size-2 rounded-full bg-accent" aria-hidden="true" />
                {badge}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold tracking-tight text-navy">{services.heading}</h2>
        <p className="mt-3 max-w-2xl text-slate-600">{services.description}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.items.slice(0, 4).map((service) => {
            const Icon = getIcon(service.icon);
            return (
              <li
                key={service.title}
                className="rounded-xl border border-border bg-white p-6 shadow-sm"
              >
                <Icon className="size-8 text-primary" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-navy">{service.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">
                  {toPlainText(service.description)}
                </p>
                <Link
                  to={`/services/${toSlug(service.title)}`}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                >
                  Learn More <span className="sr-only">about {service.title}</span>
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="bg-navy">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 className="text-3xl font-bold tracking-tight text-white">{cta.heading}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-slate-300">{cta.description}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to="/booking">{cta.buttonText}</Link>
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <Link to="/contact">Contact Us</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
