// The case studies page's highlights: short summaries of the firm's work, each with its industry;
// one whose title is a published case study's links to it.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { SiteContent } from "~/features/content/schema";
import { Badge } from "~/ui/badge";

type Highlight = SiteContent["caseStudies"]["items"][number];

export function CaseStudyHighlights({
  heading,
  highlights,
  studies,
  readMoreText,
}: {
  heading: string;
  highlights: readonly Highlight[];
  /** The published case studies, to link a highlight to the one of the same title. */
  studies: readonly { id: string; title: string }[];
  readMoreText: string;
}) {
  const shown = highlights.filter((highlight) => highlight.title || highlight.description);
  if (shown.length === 0) return null;
  const idByTitle = new Map(studies.map((study) => [study.title.trim().toLowerCase(), study.id]));
  return (
    <section aria-labelledby="case-study-highlights" className="border-b border-border bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        <h2
          id="case-study-highlights"
          className="text-2xl font-bold tracking-tight text-navy sm:text-3xl"
        >
          {heading}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((highlight) => {
            const id = idByTitle.get(highlight.title.trim().toLowerCase());
            return (
              <li
                key={highlight.title}
                className="flex flex-col rounded-xl border border-border bg-slate-50 p-6"
              >
                {highlight.industry ? (
                  <Badge variant="accent" className="self-start">
                    {highlight.industry}
                  </Badge>
                ) : null}
                <h3 className="mt-3 text-lg font-semibold leading-snug text-navy">
                  {highlight.title}
                </h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
                  {highlight.description}
                </p>
                {id ? (
                  <Link
                    to={`/case-studies/${id}`}
                    aria-label={`${readMoreText}: ${highlight.title}`}
                    className="mt-4 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary hover:underline"
                  >
                    {readMoreText}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
