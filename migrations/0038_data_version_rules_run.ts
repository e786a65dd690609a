// The data version learns which of its changes were redirect rules alone: the run of versions made
// by rule changes since the last other change, so a kept page outlives a rule that is not its own.
// Code that does not know the columns bumps the version without them, which ends the run: safe.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("data_versions")
    // The version before the run; -1 while no run is going on (no version is ever -1).
    .addColumn("rules_only_from", "integer", (column) => column.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .alterTable("data_versions")
    // The version the run's last rule change made: the run holds while it is the current version.
    .addColumn("rules_only_to", "integer", (column) => column.notNull().defaultTo(-1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("data_versions").dropColumn("rules_only_to").execute();
  await db.schema.alterTable("data_versions").dropColumn("rules_only_from").execute();
}
