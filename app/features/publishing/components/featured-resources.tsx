// Featured Resources: the content's tabs (the first one open), each with the chosen articles and
// case studies and a View All link. All panels are in the HTML; without JavaScript the tab row is
// hidden and every panel shows under its own heading, so nothing is out of reach (ProgressiveTabs,
// within the JS budget).
import { ArrowRight, BookOpen, Lightbulb, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { ShownFeaturedTab } from "~/features/publishing/featured-resources";
import { ProgressiveTabs } from "~/ui/progressive-tabs";
import { ReadMoreLink } from "./read-more-link";
import { SummaryCard } from "./summary-card";

const tabIcons = [BookOpen, Trophy, Lightbulb];

export type FeaturedTexts = {
  heading: string;
  description: string;
  viewAllText: string;
  /** The card link's words: the blog's Read More, the case studies' own. */
  articleLinkText: string;
  caseStudyLinkText: string;
};

export function FeaturedResources({
  tabs,
  texts,
}: {
  tabs: ShownFeaturedTab[];
  texts: FeaturedTexts;
}) {
  const first = tabs[0];
  if (!first) return null;
  return (
    <section
      id="featured-resources"
      aria-labelledby="featured-resources-heading"
      className="bg-muted/60"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="featured-resources-heading" className="text-3xl font-bold tracking-tight text-navy">
          {texts.heading}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">{texts.description}</p>
        <ProgressiveTabs
          className="mt-8"
          idPrefix="featured"
          label={texts.heading}
          defaultValue={first.value}
          headingLevel={3}
          align="start"
          listClassName="bg-white shadow-sm ring-1 ring-border"
          triggerClassName="px-4 py-2 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
          tabs={tabs.map((tab) => {
            const Icon = tabIcons[tab.position % tabIcons.length] ?? BookOpen;
            return {
              value: tab.value,
              label: tab.label,
              icon: <Icon className="size-4" aria-hidden="true" />,
              content: <FeaturedPanel tab={tab} texts={texts} />,
            };
          })}
        />
      </div>
    </section>
  );
}

function FeaturedPanel({ tab, texts }: { tab: ShownFeaturedTab; texts: FeaturedTexts }) {
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2">
        {tab.resources.map((resource) => {
          const linkText =
            resource.kind === "article" ? texts.articleLinkText : texts.caseStudyLinkText;
          return (
            <SummaryCard
              key={resource.href}
              group={resource.group}
              title={resource.title}
              text={resource.description}
              titleAs="h4"
              className="bg-white shadow-sm"
            >
              <ReadMoreLink
                to={resource.href}
                text={linkText}
                title={resource.title}
                className="mt-4 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary hover:underline"
              />
            </SummaryCard>
          );
        })}
      </ul>
      <Link
        to={tab.viewAllHref}
        className="mt-6 inline-flex items-center gap-1.5 font-semibold text-primary hover:underline"
      >
        {texts.viewAllText}
        <span className="sr-only"> {tab.label}</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </>
  );
}
