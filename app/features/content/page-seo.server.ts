// The industries of the published case studies, which the Case Studies page's computed
// description names (page-seo.ts). Case studies belong to publishing, above content, so content cannot ask it: publishing's reader is set at boot by the host
// (server/boot.server.ts), as the media library's image-use readers are.
import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";

export type IndustriesReader = (db: Db, logger: Logger) => Promise<string[]>;

let readIndustries: IndustriesReader = async () => [];

export function setCaseStudyIndustriesReader(reader: IndustriesReader): void {
  readIndustries = reader;
}

export function readCaseStudyIndustries(db: Db, logger: Logger): Promise<string[]> {
  return readIndustries(db, logger);
}
