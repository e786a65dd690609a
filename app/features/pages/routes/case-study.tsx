// /case-studies/:id: one case study in full ("Read the full case study"
// leads here). An unknown id is a 404.
import { ArrowLeft, ArrowRight, Building2 } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage, placeholderImage } from "~/capabilities/media/fallback-image";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { pickCtaButtons } from "~/features/content/cta-buttons";
import { getRequestContent } from "~/features/content/request-content.server";
import {
  ApproachCard,
  ChallengeCard,
  pickCaseStudyLabels,
  ResultsCard,
} from "~/features/publishing/components/case-study-details";
import {
  caseStudyBodyImageSizes,
  halfColumnImageSizes,
} from "~/features/publishing/components/image-sizes";
import { PreviewBanner } from "~/features/publishing/components/preview-banner";
import { TestimonialCard } from "~/features/publishing/components/testimonial-card";
import { formatCaseStudyPageTitle } from "~/features/publishing/page-titles";
import { findCaseStudy, getCaseStudies } from "~/features/publishing/public-reader.server";
import { loadPublicationPage } from "~/features/publishing/publication-page.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Badge } from "~/ui/badge";
import { ConsultationCta } from "~/ui/sections/consultation-cta";
import { describeMissing, drawErrorNotice } from "~/ui/sections/error-notice";
import type { Route } from "./+types/case-study";

export const handle = {
  page: { each: "case-study", group: "Case Studies", order: 110 },
} satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const {
    record: study,
    all,
    preview,
  } = await loadPublicationPage(args, "case-study", {
    read: ({ db, logger }, id) =>
      Promise.all([findCaseStudy(db, logger, id), getCaseStudies(db, logger)]),
    bodyImageSizes: caseStudyBodyImageSizes,
  });
  const others = all
    .filter((other) => other.id !== study.id)
    .slice(0, 2)
    .map(({ id, title, industry, description }) => ({ id, title, industry, description }));
  const { content } = await getRequestContent(args.context);
  const cta = {
    heading: content.caseStudies.detailCtaHeading,
    description: content.caseStudies.detailCtaDescription,
  };
  const texts = {
    ...pickCaseStudyLabels(content.caseStudies),
    client: content.caseStudies.clientLabel,
    backLink: content.caseStudies.backLinkText,
    moreHeading: content.caseStudies.moreHeading,
  };
  return { study, others, cta, ctaButtons: pickCtaButtons(content), texts, preview };
}

export function meta(args: Route.MetaArgs) {
  const study = args.loaderData?.study;
  if (!study) {
    return buildPageMeta(args, {
      title: "Case Study Not Found",
      description: "The case study you're looking for could not be found.",
      noindex: true,
    });
  }
  return buildPageMeta(args, {
    title: formatCaseStudyPageTitle(study),
    description: study.description,
    seo: study,
    type: "article",
    // An admin's preview of a draft or scheduled item: never indexed, no preview image or JSON-LD.
    noindex: Boolean(args.loaderData?.preview),
  });
}

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study, others, texts, preview } = loaderData;
  return (
    <>
      {preview ? <PreviewBanner preview={preview} /> : null}
      <section className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:gap-14 lg:px-8">
          <div className="animate-fade-up">
            <Link
              to="/case-studies"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {texts.backLink}
            </Link>
            <div className="mt-6">
              <Badge variant="accent">{study.industry}</Badge>
            </div>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-navy sm:text-5xl">
              {study.title}
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-600">{study.description}</p>
            <p className="mt-6 flex items-center gap-2 text-sm text-slate-700">
              <Building2 className="size-4 text-primary" aria-hidden="true" />
              <span>
                <span className="font-semibold">{texts.client}</span> {study.client}
              </span>
            </p>
          </div>
          <FallbackImage
            src={study.imageUrl || placeholderImage}
            alt={study.imageAlt}
            style={{ objectPosition: study.imagePosition }}
            sources={study.imageSources}
            sizes={halfColumnImageSizes}
            width={1200}
            height={800}
            loading="eager"
            fetchPriority="high"
            className="aspect-[3/2] w-full animate-fade-up rounded-2xl bg-muted object-cover shadow-lg [animation-delay:200ms]"
          />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-12 lg:px-8">
        <article className="lg:col-span-7" aria-label="The full story">
          <RichText html={study.body} className="text-base leading-relaxed text-slate-700" />
          <TestimonialCard testimonial={study.testimonial} className="mt-12" />
        </article>
        <aside className="space-y-4 lg:col-span-5" aria-label="At a glance">
          <ChallengeCard challenge={study.challenge} title={texts.challenge} />
          <ApproachCard approach={study.approach} title={texts.approach} />
          <ResultsCard results={study.results} title={texts.results} />
        </aside>
      </div>

      {others.length > 0 ? (
        <section aria-labelledby="more-case-studies" className="border-t border-border bg-muted/60">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <h2 id="more-case-studies" className="text-2xl font-bold tracking-tight text-navy">
              {texts.moreHeading}
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-2">
              {others.map((other) => (
                <li
                  key={other.id}
                  className="flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm"
                >
                  <Badge variant="accent" className="self-start">
                    {other.industry}
                  </Badge>
                  <h3 className="mt-3 text-lg font-semibold text-navy">{other.title}</h3>
                  <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
                    {other.description}
                  </p>
                  <Link
                    to={`/case-studies/${other.id}`}
                    aria-label={`${texts.readMore}: ${other.title}`}
                    className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
                  >
                    {texts.readMore}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <ConsultationCta
        heading={loaderData.cta.heading}
        description={loaderData.cta.description}
        buttons={loaderData.ctaButtons}
      />
    </>
  );
}

const notices = describeMissing(
  "Case Study Not Found",
  "The case study you're looking for could not be found.",
  { to: "/case-studies", label: "View All Case Studies" },
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return drawErrorNotice(error, notices);
}
