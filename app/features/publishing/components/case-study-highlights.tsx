// The case studies page's highlights: short summaries of the firm's work, each with its industry,
// above the full stories. Titles are not headings: a highlight may share its title with a story.
import type { SiteContent } from "~/features/content/schema";
import { SummaryCard } from "./summary-card";

type Highlight = SiteContent["caseStudies"]["items"][number];

export function CaseStudyHighlights({
  heading,
  highlights,
}: {
  heading: string;
  highlights: readonly Highlight[];
}) {
  const shown = highlights.filter((highlight) => highlight.title || highlight.description);
  if (shown.length === 0) return null;
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
          {shown.map((highlight) => (
            <SummaryCard
              key={highlight.title}
              group={highlight.industry}
              title={highlight.title}
              text={highlight.description}
              className="bg-slate-50"
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
