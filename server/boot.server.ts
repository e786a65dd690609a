// Boots the site's services once per process: configuration, logger, database (migrated and
// seeded), the first admin, and the import into the database of uploads kept in UPLOADS_DIR
// before images were stored there.

import { importExistingUploads } from "~/capabilities/media/image-records.server";
import { addImageUseReader } from "~/capabilities/media/image-uses.server";
import { setNavBadgeReader } from "~/capabilities/workspace/shell/nav-badges.server";
import { bootstrapAdmin } from "~/features/admin/admins/admins.server";
import { listContentImageUses } from "~/features/content/content-store.server";
import { readNewMessagesBadge } from "~/features/leads/inbox.server";
import { newMessagesBadge } from "~/features/leads/new-messages-badge";
import { listImageUses } from "~/features/publishing/store/reads.server";
import { getUploadsDir, parseConfig } from "~/platform/config.server";
import type { AppServices } from "~/platform/context.server";
import { openDatabase } from "~/platform/db/database.server";
import { createLogger } from "~/platform/logger.server";
import { seedDefaults } from "./seed.server";

/**
 * `prepare: false` is for the workers of a WEB_CONCURRENCY pool: their primary has already seeded
 * the database and created the first admin (opening still checks the schema is current).
 */
export async function bootServices(
  env: Record<string, string | undefined>,
  { prepare = true } = {},
): Promise<AppServices> {
  // A native addon's libc check (resvg's isMusl, on the first page that loads it) asks for a
  // process report, which by default lists every open socket: with thousands of connections open
  // that blocked the event loop for many seconds. Nothing here needs the report's network part.
  // Set here so every host gets it: the production entry, workers, dev and the test sites.
  // (Node 22.13+; not yet in @types/node.)
  (process.report as NodeJS.ProcessReport & { excludeNetwork: boolean }).excludeNetwork = true;
  // The media library asks these where each image is used.
  addImageUseReader(listContentImageUses);
  addImageUseReader(listImageUses);
  // The admin menu's count of new messages beside Leads.
  setNavBadgeReader(newMessagesBadge, readNewMessagesBadge);
  const config = parseConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config.DATABASE_URL, logger, {
    quiet: !prepare,
    poolSize: config.DATABASE_POOL_SIZE,
    reportsTimeoutMs: config.REPORTS_TIMEOUT_SECONDS * 1000,
  });
  if (prepare) {
    await seedDefaults(db);
    await bootstrapAdmin(db, config, logger);
    // Uploads kept as files before images were stored in the database get their bytes and rows
    // there (once: a second boot reads nothing); after that the folder is never read again.
    await importExistingUploads(db, getUploadsDir(config), logger);
  }
  return { config, db, logger };
}
