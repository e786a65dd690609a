// The four tabs of a service's page: Overview (Key Benefits and the "Why Choose"
// points), Our Approach (numbered steps), Capabilities (numbered list) and Use Cases (cards).
import {
  Award,
  BadgeCheck,
  Briefcase,
  Compass,
  Scale,
  Target,
  TrendingUp,
  Users,
} from "lucide-react";
import type { Service, SiteContent } from "~/features/content/schema";
import { ProgressiveTabs } from "~/ui/progressive-tabs";
import { CheckList } from "~/ui/sections/check-list";
import { FeatureGrid } from "~/ui/sections/feature-grid";
import { NumberedSteps } from "~/ui/sections/numbered-steps";

export const serviceTabs = ["overview", "approach", "capabilities", "use-cases"] as const;

export function ServiceDetailTabs({
  service,
  texts,
  whyChoose,
  companyName,
}: {
  service: Service;
  /** From the content, with the service's name already in place. */
  texts: {
    benefitsHeading: string;
    approachIntro: string;
    capabilitiesIntro: string;
    useCasesIntro: string;
  };
  whyChoose: SiteContent["services"]["whyChoose"];
  companyName: string;
}) {
  return (
    <ProgressiveTabs
      label={`${service.title} details`}
      idPrefix="service"
      listClassName="w-full sm:w-auto"
      triggerClassName="grow basis-[calc(50%-0.25rem)] sm:grow-0 sm:basis-auto"
      tabs={[
        {
          value: "overview",
          label: "Overview",
          content: (
            <div className="grid gap-10 lg:grid-cols-2 lg:gap-12">
              <div className="self-start rounded-2xl border border-border bg-white p-7 shadow-sm sm:p-8">
                <h3 className="text-xl font-semibold text-navy">{texts.benefitsHeading}</h3>
                <CheckList items={service.benefits} className="mt-6" />
              </div>
              <div>
                <h3 className="text-xl font-semibold text-navy">Why Choose {companyName}</h3>
                <FeatureGrid
                  features={whyChoose}
                  icons={[Award, Scale, BadgeCheck, TrendingUp]}
                  headingLevel={4}
                  className="mt-6"
                />
              </div>
            </div>
          ),
        },
        {
          value: "approach",
          label: "Our Approach",
          content: (
            <div>
              <p className="max-w-3xl text-slate-600">{texts.approachIntro}</p>
              <NumberedSteps steps={service.approach} className="mt-10" />
            </div>
          ),
        },
        {
          value: "capabilities",
          label: "Capabilities",
          content: (
            <div>
              <p className="max-w-3xl text-slate-600">{texts.capabilitiesIntro}</p>
              <ol className="mt-8 grid gap-4 sm:grid-cols-2">
                {service.capabilities.map((capability, index) => (
                  <li
                    key={capability}
                    className="flex items-center gap-4 rounded-xl border border-border bg-white p-4 shadow-sm"
                  >
                    <span
                      aria-hidden="true"
                      className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-tint text-sm font-bold tabular-nums text-primary ring-1 ring-tint-strong"
                    >
                      {index + 1}
                    </span>
                    <span className="text-sm font-medium text-slate-800 sm:text-base">
                      {capability}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ),
        },
        {
          value: "use-cases",
          label: "Use Cases",
          content: (
            <div>
              <p className="max-w-3xl text-slate-600">{texts.useCasesIntro}</p>
              <FeatureGrid
                features={service.useCases}
                icons={[Target, Compass, Briefcase, Users]}
                className="mt-8"
              />
            </div>
          ),
        },
      ]}
    />
  );
}
