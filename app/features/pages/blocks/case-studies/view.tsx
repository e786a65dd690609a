// The case studies block: chosen case studies (or the first three) as summaries.

import type { CaseStudyLabels } from "~/features/publishing/components/case-study-details";
import { CaseStudySummary } from "~/features/publishing/components/case-study-summary";
import type { PlacedCaseStudy } from "~/features/publishing/public-reader.server";
import { Section } from "../block-section";
import type { BlockOf, BlockView, BlockViewProps } from "../block-view";

export type CaseStudiesBlockData = { studies: PlacedCaseStudy[]; labels: CaseStudyLabels };

/** The case studies a block shows: the chosen ones, or the first three. */
const pickCaseStudies = (block: BlockOf<"caseStudies">, data: CaseStudiesBlockData) =>
  block.chosen.length
    ? data.studies.filter((study) => block.chosen.includes(study.id))
    : data.studies.slice(0, 3);

function CaseStudiesBlock({ block, data }: BlockViewProps<"caseStudies", CaseStudiesBlockData>) {
  return (
    <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro}>
      <div className="grid gap-16">
        {pickCaseStudies(block, data).map((study, index) => (
          <CaseStudySummary key={study.id} study={study} index={index} labels={data.labels} />
        ))}
      </div>
    </Section>
  );
}

export const caseStudiesView = {
  View: CaseStudiesBlock,
  hasContent: (block, data) => pickCaseStudies(block, data).length > 0,
  script: false,
} satisfies BlockView<"caseStudies", CaseStudiesBlockData>;
