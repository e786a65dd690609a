// /case-studies: the header, the content's highlights, then every stored case study in alternating
// columns, then a call to action.

import { pickCtaButtons } from "~/features/content/cta-buttons";
import { getRequestContent } from "~/features/content/request-content.server";
import { pickCaseStudyLabels } from "~/features/publishing/components/case-study-details";
import { CaseStudyHighlights } from "~/features/publishing/components/case-study-highlights";
import { CaseStudySummary } from "~/features/publishing/components/case-study-summary";
import {
  expireAtNextPublication,
  getCaseStudies,
} from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { ConsultationCta } from "~/ui/sections/consultation-cta";
import { PageIntro } from "~/ui/sections/page-intro";
import type { Route } from "./+types/case-studies";

export const handle = {
  page: {
    title: { contentHeading: "caseStudies" },
    group: "Main Pages",
    order: 40,
    changesWith: "case-studies",
  },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  await expireAtNextPublication(context);
  const { db, logger } = getAppContext(context);
  const [{ content }, caseStudies] = await Promise.all([
    getRequestContent(context),
    getCaseStudies(db, logger),
  ]);
  return {
    eyebrow: content.caseStudies.eyebrow,
    heading: content.caseStudies.heading,
    description: content.caseStudies.description,
    cta: {
      heading: content.caseStudies.listCtaHeading,
      description: content.caseStudies.listCtaDescription,
    },
    ctaButtons: pickCtaButtons(content),
    labels: pickCaseStudyLabels(content.caseStudies),
    highlights: {
      heading: content.caseStudies.highlightsHeading,
      items: content.caseStudies.items,
    },
    companyName: content.general.companyName,
    seo: content.seo.caseStudies,
    caseStudies,
  };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const industries = [...new Set(data?.caseStudies.map((study) => study.industry) ?? [])];
  const clients =
    industries.length > 1
      ? `${industries.slice(0, -1).join(", ")} and ${industries.at(-1)}`
      : (industries[0] ?? "");
  return buildPageMeta(args, {
    title: data?.heading ?? "Case Studies",
    description: data
      ? `${data.description}: how ${data.companyName} helped clients in ${clients} solve their IT challenges, with measurable results.`
      : "",
    seo: data?.seo,
    path: "/case-studies",
  });
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { eyebrow, heading, description, cta, caseStudies, labels, highlights } = loaderData;
  return (
    <>
      <PageIntro eyebrow={eyebrow} heading={heading} description={description} />
      <CaseStudyHighlights heading={highlights.heading} highlights={highlights.items} />
      <div className="mx-auto max-w-7xl space-y-24 px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        {caseStudies.map((study, index) => (
          <CaseStudySummary key={study.id} study={study} index={index} labels={labels} />
        ))}
      </div>
      <ConsultationCta
        heading={cta.heading}
        description={cta.description}
        buttons={loaderData.ctaButtons}
      />
    </>
  );
}
