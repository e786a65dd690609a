// Boots the site's services once per process: configuration, logger, database (migrated and
// seeded) and the first admin.
import { bootstrapAdmin } from "~/features/admin/admins/admins.server";
import { parseConfig } from "./config.server";
import { seedDefaults } from "./content-store.server";
import type { AppServices } from "./context.server";
import { openDatabase } from "./db/database.server";
import { createLogger } from "./logger.server";

/**
 * `prepare: false` is for the workers of a WEB_CONCURRENCY pool: their primary has already seeded
 * the database and created the first admin (opening still checks the schema is current).
 */
export async function bootServices(
  env: Record<string, string | undefined>,
  { prepare = true } = {},
): Promise<AppServices> {
  const config = parseConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config.DATABASE_URL, logger);
  if (prepare) {
    await seedDefaults(db);
    await bootstrapAdmin(db, config, logger);
  }
  return { config, db, logger };
}
