// Featured Resources: three tabs (Guides & Tutorials first), two cards each and a View All link.
// All panels are in the HTML; without JavaScript the tab row is hidden and every panel shows under
// its own heading, so nothing is out of reach (ProgressiveTabs, within the JS budget).
import { ArrowRight, BookOpen, Lightbulb, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { FeaturedTab, ShownFeaturedTab } from "~/features/publishing/featured-resources";
import { ProgressiveTabs } from "~/ui/progressive-tabs";

const tabIcons: Record<FeaturedTab["value"], typeof BookOpen> = {
  guides: BookOpen,
  "case-studies": Trophy,
  insights: Lightbulb,
};

export function FeaturedResources({
  tabs,
  heading,
  description,
}: {
  tabs: ShownFeaturedTab[];
  heading: string;
  description: string;
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
          {heading}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">{description}</p>
        <ProgressiveTabs
          className="mt-8"
          idPrefix="featured"
          label={heading}
          defaultValue={tabs.some((tab) => tab.value === "guides") ? "guides" : first.value}
          headingLevel={3}
          align="start"
          listClassName="bg-white shadow-sm ring-1 ring-border"
          triggerClassName="px-4 py-2 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
          tabs={tabs.map((tab) => {
            const Icon = tabIcons[tab.value];
            return {
              value: tab.value,
              label: tab.label,
              icon: <Icon className="size-4" aria-hidden="true" />,
              content: <FeaturedPanel tab={tab} />,
            };
          })}
        />
      </div>
    </section>
  );
}

function FeaturedPanel({ tab }: { tab: ShownFeaturedTab }) {
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2">
        {tab.resources.map((resource) => (
          <li
            key={resource.title}
            className="flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm"
          >
            <h4 className="text-lg font-semibold text-navy">{resource.title}</h4>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
              {resource.description}
            </p>
            <Link
              to={resource.href}
              aria-label={`${resource.linkText}: ${resource.title}`}
              className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
            >
              {resource.linkText}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/blog"
        className="mt-6 inline-flex items-center gap-1.5 font-semibold text-primary hover:underline"
      >
        View All
        <span className="sr-only"> {tab.label}</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </>
  );
}
