// Runs the Kysely migrations of /migrations, bundled at build time, in name order.
import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";

const modules = import.meta.glob<Migration>("../../../migrations/*.ts", { eager: true });

export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(modules).map(([path, migration]) => [
    path.slice(path.lastIndexOf("/") + 1, -".ts".length),
    migration,
  ]),
);

export async function migrateToLatest<Schema>(db: Kysely<Schema>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
