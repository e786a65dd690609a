// One case study on the /case-studies list: text and cards in one column, image and testimonial in
// the other, sides alternating. CSS entrance animations (0.5 s, image column 0.2 s later) end
// visible, so nothing is hidden without JavaScript, and reduced motion turns them off (app.css).
import { FallbackImage, placeholderImage } from "~/capabilities/media/fallback-image";
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import type { CaseStudy } from "../schema";
import {
  ApproachCard,
  type CaseStudyLabels,
  ChallengeCard,
  ResultsCard,
} from "./case-study-details";
import { halfColumnImageSizes } from "./image-sizes";
import { ReadMoreLink } from "./read-more-link";
import { TestimonialCard } from "./testimonial-card";

export function CaseStudySummary({
  study,
  index,
  labels,
}: {
  study: CaseStudy & ImagePlacement;
  index: number;
  labels: CaseStudyLabels;
}) {
  const reversed = index % 2 === 1;
  const headingId = `case-study-${study.id}`;
  // One column on small screens (image, story, testimonial); two on large ones, the story
  // spanning both rows beside the image and the testimonial.
  const sideColumn = reversed ? "lg:col-start-1" : "lg:col-start-2";
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-8 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-6"
    >
      <div
        className={cn(
          "animate-fade-up lg:row-span-2 lg:row-start-1",
          reversed ? "lg:col-start-2" : "lg:col-start-1",
        )}
      >
        <Badge variant="accent">{study.industry}</Badge>
        <h2 id={headingId} className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
          {study.title}
        </h2>
        <p className="mt-4 leading-relaxed text-slate-600">{study.description}</p>
        <div className="mt-8 space-y-4">
          <ChallengeCard challenge={study.challenge} title={labels.challenge} />
          <ApproachCard approach={study.approach} title={labels.approach} />
          <ResultsCard results={study.results} title={labels.results} />
        </div>
        <ReadMoreLink
          to={`/case-studies/${study.id}`}
          text={labels.readMore}
          title={study.title}
          className="mt-6 inline-flex items-center gap-1.5 font-semibold text-primary hover:underline"
        />
      </div>
      <FallbackImage
        src={study.imageUrl || placeholderImage}
        alt={study.imageAlt}
        style={{ objectPosition: study.imagePosition }}
        sources={study.imageSources}
        sizes={halfColumnImageSizes}
        width={1200}
        height={800}
        loading={index === 0 ? "eager" : "lazy"}
        fetchPriority={index === 0 ? "high" : undefined}
        className={cn(
          "order-first aspect-[3/2] w-full animate-fade-up rounded-2xl bg-muted object-cover shadow-lg [animation-delay:200ms] lg:order-none lg:row-start-1",
          sideColumn,
        )}
      />
      <TestimonialCard
        testimonial={study.testimonial}
        className={cn(
          "animate-fade-up self-start [animation-delay:200ms] lg:row-start-2",
          sideColumn,
        )}
      />
    </article>
  );
}
