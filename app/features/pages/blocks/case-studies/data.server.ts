// The case studies block's data: the published case studies and their cards' words.
import { pickCaseStudyLabels } from "~/features/publishing/components/case-study-details";
import { getCaseStudies } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import type { BlockData } from "../block-data";
import type { CaseStudiesBlockData } from "./view";

export const caseStudiesData = {
  load: async ({ context, content, shown }) => {
    const { db, logger } = getAppContext(context);
    return {
      studies: shown ? await getCaseStudies(db, logger) : [],
      labels: pickCaseStudyLabels(content.caseStudies),
    };
  },
} satisfies BlockData<"caseStudies", CaseStudiesBlockData>;
