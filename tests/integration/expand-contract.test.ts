// Expand, then contract: every migration after the last one the previous release knows only adds,
// or is a contract step of something an earlier release's code (at the commit it names, read with
// git) no longer used. The check itself is tried on migrations written here, good and bad.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lastKyselyMigration, migrations } from "~/platform/db/migrate.server";
import { previousRelease } from "../support/earlier-release";
import { checkMigration, findBreakingSteps, readTableFields } from "../support/expand-contract";

const folder = fileURLToPath(new URL("../../migrations/", import.meta.url));
const later = Object.keys(migrations).filter((name) => name > lastKyselyMigration);

const wrap = (up: string) =>
  `import type { Kysely } from "kysely";\nexport async function up(db: Kysely<unknown>): Promise<void> {\n${up}\n}\nexport async function down(db: Kysely<unknown>): Promise<void> {\n  await db.schema.dropTable("x").execute();\n}\n`;

const dropEmail = wrap(`  await db.schema.alterTable("admins").dropColumn("email").execute();`);
const dropRecipientCount = wrap(
  `  await db.schema.alterTable("newsletters").dropColumn("recipient_count").execute();`,
);

describe("expand, then contract", () => {
  it.each(later)("%s only adds, or is a contract step its named commit allows", (name) => {
    const source = readFileSync(`${folder}${name}.ts`, "utf8");
    expect(checkMigration({ name, source, contract: migrations[name]?.contract })).toEqual([]);
  });

  it("refuses a drop or rename in the release that stops using it, and says how to split it", () => {
    expect(checkMigration({ name: "0099_sample", source: dropEmail })).toEqual([
      expect.stringMatching(
        /^0099_sample: dropColumn admins\.email in the release that stops using it\. Make this release's migration expand-only .*contract = \{ requires, unusedSince, drops \}$/,
      ),
    ]);
    const renames = wrap(
      `  await db.schema.alterTable("admins").renameColumn("email", "address").execute();\n  await db.schema.alterTable("leads").renameTo("contacts").execute();`,
    );
    expect(findBreakingSteps(renames)).toEqual([
      { operation: "renameColumn", target: "admins.email" },
      { operation: "renameTo", target: "leads" },
    ]);
    const raw = wrap(
      "  await sql`alter table admins drop column email`.execute(db);\n  await sql`ALTER TABLE admins ALTER COLUMN role TYPE integer`.execute(db);",
    );
    expect(findBreakingSteps(raw).map((step) => step.operation)).toEqual([
      "raw DROP",
      "raw ALTER ... TYPE",
    ]);
    expect(checkMigration({ name: "0099_sample", source: raw })).toHaveLength(2);
  });

  it("refuses a NOT NULL column without a default on a table the previous release inserts into", () => {
    const added = wrap(
      `  await db.schema.alterTable("contact_messages").addColumn("topic", "text", (column) => column.notNull()).execute();`,
    );
    expect(findBreakingSteps(added)).toEqual([
      { operation: "addColumn NOT NULL without default", target: "contact_messages.topic" },
    ]);
    const withDefault = wrap(
      `  await db.schema.alterTable("contact_messages").addColumn("topic", "text", (column) => column.notNull().defaultTo("")).execute();`,
    );
    const newTable = wrap(
      `  await db.schema.createTable("topics").addColumn("name", "text", (column) => column.notNull()).execute();`,
    );
    expect(findBreakingSteps(withDefault)).toEqual([]);
    expect(findBreakingSteps(newTable)).toEqual([]);
    // Dropping is what `down` is for: it is not read.
    expect(findBreakingSteps(wrap(""))).toEqual([]);
  });

  it("refuses a contract step whose named commit still used what it drops", () => {
    const contract = {
      requires: "0026_insights",
      unusedSince: previousRelease,
      drops: ["admins.email"],
    };
    expect(checkMigration({ name: "0099_sample", source: dropEmail, contract })).toEqual([
      `0099_sample: ${previousRelease} still uses admins.email (app/platform/db/tables.server.ts), so that release breaks on it: stop using it in one release, drop it in the next`,
    ]);
  });

  it("accepts a contract step of a column the named commit no longer used, from the release after it", () => {
    const contract = {
      requires: "0026_insights",
      unusedSince: previousRelease,
      drops: ["newsletters.recipient_count"],
    };
    expect(checkMigration({ name: "0099_sample", source: dropRecipientCount, contract })).toEqual(
      [],
    );
    // ...but not one that lets a release before that commit run on: it still read the column.
    expect(
      checkMigration({
        name: "0099_sample",
        source: dropRecipientCount,
        contract: { ...contract, requires: "0020_pages" },
      }),
    ).toEqual([
      "0099_sample: requires 0020_pages, but releases up to 0026_insights (at f0415cb) may still use what it drops: require 0026_insights or later",
    ]);
    // ...nor one shipped in the very release it names, nor one naming a commit not in this history.
    expect(
      checkMigration({ name: "0026_insights", source: dropRecipientCount, contract }),
    ).toContainEqual(expect.stringMatching(/^0026_insights: it is in f0415cb already/));
    expect(
      checkMigration({
        name: "0099_sample",
        source: dropRecipientCount,
        contract: { ...contract, unusedSince: "0".repeat(40) },
      }),
    ).toEqual([expect.stringMatching(/is not a commit of this history/)]);
  });

  it("reads a table's columns from tables.server.ts, through extends and type aliases", () => {
    const source = `export interface ATable extends Shared {\n  id: number;\n  note?: string;\n}\ninterface Shared {\n  status: string;\n}\ntype BTable = ATable;\nexport interface Tables {\n  a: ATable;\n  b: BTable;\n}\n`;
    expect(readTableFields(source, "a")).toEqual(new Set(["id", "note", "status"]));
    expect(readTableFields(source, "b")).toEqual(new Set(["id", "note", "status"]));
    expect(readTableFields(source, "c")).toBeUndefined();
  });
});
