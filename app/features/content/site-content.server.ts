// What the pages and GET /api/content read: the current content, or, when the database cannot be
// read, the last content read (else the default), with "Failed to fetch content" logged.
import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { type ContentRevision, readContent } from "./content-store.server";
import { defaultContent } from "./default-content";
import type { SiteContent } from "./schema";

export type SiteContentResult = {
  content: SiteContent;
  version: number;
  /** False when the database could not be read and a fallback is served. */
  fresh: boolean;
};

const lastRead = new WeakMap<Db, ContentRevision>();

export async function getSiteContent(db: Db, logger: Logger): Promise<SiteContentResult> {
  try {
    const revision = await readContent(db);
    lastRead.set(db, revision);
    return { ...revision, fresh: true };
  } catch (error) {
    logDatabaseError(logger, error, "Failed to fetch content");
    // A page showing fallback content is not kept: the next request tries the database again.
    markPageUncacheable();
    const fallback = lastRead.get(db) ?? { content: defaultContent, version: 0 };
    return { ...fallback, fresh: false };
  }
}
