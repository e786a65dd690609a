// The Challenge, Approach and Results cards of a case study, on the list and on its own page.
import { CheckCircle2, ListChecks, Target, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import type { SiteContent } from "~/features/content/schema";
import type { CaseStudy } from "../schema";

/** The case study cards' words, picked from the content by the loaders (type-only import). */
export type CaseStudyLabels = ReturnType<typeof pickCaseStudyLabels>;

export function pickCaseStudyLabels(caseStudies: SiteContent["caseStudies"]) {
  return {
    challenge: caseStudies.challengeLabel,
    approach: caseStudies.approachLabel,
    results: caseStudies.resultsLabel,
    readMore: caseStudies.readMoreText,
  };
}

function DetailCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <h3 className="flex items-center gap-2 text-base font-semibold text-navy">
        {icon}
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function ChallengeCard({ challenge, title }: { challenge: string; title: string }) {
  return (
    <DetailCard icon={<Target className="size-5 text-primary" aria-hidden="true" />} title={title}>
      <p className="text-sm leading-relaxed text-slate-600">{challenge}</p>
    </DetailCard>
  );
}

export function ApproachCard({ approach, title }: { approach: readonly string[]; title: string }) {
  return (
    <DetailCard
      icon={<ListChecks className="size-5 text-primary" aria-hidden="true" />}
      title={title}
    >
      <ul className="space-y-2.5">
        {approach.map((step) => (
          <li key={step} className="flex gap-2.5 text-sm leading-relaxed text-slate-600">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <span>{step}</span>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}

export function ResultsCard({ results, title }: { results: CaseStudy["results"]; title: string }) {
  return (
    <DetailCard
      icon={<TrendingUp className="size-5 text-primary" aria-hidden="true" />}
      title={title}
    >
      <dl className="grid grid-cols-2 gap-3">
        {results.map((result) => (
          <div key={result.label} className="flex flex-col rounded-lg bg-muted px-4 py-3">
            <dt className="order-2 text-xs font-medium text-slate-600">{result.label}</dt>
            <dd className="order-1 text-2xl font-bold tracking-tight text-primary">
              {result.value}
            </dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}
