// The migrations that change rows already stored, run one step at a time over data written before
// them, on SQLite and PostgreSQL: a database of an earlier release keeps its meaning.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDataVersion, markDataChanged, markRulesChanged } from "~/platform/data-version.server";
import { readSchemaColumns } from "~/platform/db/backup/portable-data.server";
import { openDatabaseAsIs } from "~/platform/db/database.server";
import { migrateToLatest, migrations } from "~/platform/db/migrate.server";
import type { Db } from "~/platform/db/tables.server";
import * as newslettersAtDba7927 from "../fixtures/dba7927/0014_newsletters";
import { getTestDatabaseKinds } from "../support/databases";

/** A fresh database of the given kind, migrated step by step by the test. */
async function withDatabase(
  kind: ReturnType<typeof getTestDatabaseKinds>[number],
  run: (db: Db, upTo: (last: string, known?: typeof migrations) => Promise<void>) => Promise<void>,
): Promise<void> {
  const database = await kind.create();
  const db = openDatabaseAsIs(database.url);
  // The site's own runner, as a release whose newest migration is `last` runs it.
  const upTo = (last: string, known = migrations) =>
    migrateToLatest(db, {
      known: Object.fromEntries(Object.entries(known).filter(([name]) => name <= last)),
    });
  try {
    await run(db, upTo);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

describe.each(getTestDatabaseKinds())("migrations over stored rows on $name", (kind) => {
  it("0013 puts the messages the spam guard held in Spam, the rest in New, and makes all of them searchable", async () => {
    await withDatabase(kind, async (db, upTo) => {
      await upTo("0012_image_blobs");
      const row = { email: "zoe@example.com", message: "Hello there, world", ip_hash: "x" };
      await sql`insert into contact_messages (name, email, company, message, created_at, ip_hash, spam_verdict)
        values ('Zoë Müller', ${row.email}, 'ACME', ${row.message}, '2026-01-01T00:00:00.000Z', ${row.ip_hash}, null),
               ('Fast Bot', ${row.email}, null, ${row.message}, '2026-01-02T00:00:00.000Z', ${row.ip_hash}, 'too-fast')`.execute(
        db,
      );
      await upTo("0013_lead_inbox");
      const rows = await sql<{ name: string; state: string; search_text: string }>`
        select name, state, search_text from contact_messages order by created_at`.execute(db);
      expect(rows.rows).toEqual([
        {
          name: "Zoë Müller",
          state: "new",
          search_text: "zoe muller\nzoe@example.com\nacme\nhello there, world",
        },
        {
          name: "Fast Bot",
          state: "spam",
          search_text: "fast bot\nzoe@example.com\n\nhello there, world",
        },
      ]);
    });
  });

  it("0014 keeps the subscribers from before double opt-in as confirmed, since their sign-up", async () => {
    await withDatabase(kind, async (db, upTo) => {
      await upTo("0013_lead_inbox");
      await sql`insert into newsletter_subscriptions (email, unsubscribe_token, created_at, ip_hash)
        values ('reader@example.com', ${"t".repeat(32)}, '2026-03-04T05:06:07.000Z', 'x')`.execute(
        db,
      );
      await upTo("0014_newsletters");
      const rows = await sql<{ state: string; confirmed_at: string | null }>`
        select state, confirmed_at from newsletter_subscriptions`.execute(db);
      expect(rows.rows).toEqual([{ state: "confirmed", confirmed_at: "2026-03-04T05:06:07.000Z" }]);
    });
  });

  it("0015 makes the admins from before roles owners", async () => {
    await withDatabase(kind, async (db, upTo) => {
      await upTo("0014_newsletters");
      await sql`insert into admins (email, password_hash, created_at, updated_at)
        values ('first@example.com', 'hash', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await upTo("0015_admin_roles");
      const rows = await sql<{ role: string }>`select role from admins`.execute(db);
      expect(rows.rows).toEqual([{ role: "owner" }]);
    });
  });

  it("0018 gives a database migrated at dba7927 (0014 as it shipped then) a fresh one's schema", async () => {
    const fresh = await kind.create();
    const freshDb = openDatabaseAsIs(fresh.url);
    try {
      await migrateToLatest(freshDb);
      const expected = await readSchemaColumns(freshDb);
      await withDatabase(kind, async (db, upTo) => {
        await upTo("0017_admin_email_links", {
          ...migrations,
          "0014_newsletters": newslettersAtDba7927,
        });
        const before = await readSchemaColumns(db);
        expect([...(before.get("newsletters") ?? [])]).toEqual(
          expect.arrayContaining(["recipient_count", "finished_at"]),
        );
        await migrateToLatest(db);
        expect(await readSchemaColumns(db)).toEqual(expected);
        expect(expected.get("newsletters")?.has("recipient_count")).toBe(false);
      });
    } finally {
      await freshDb.destroy();
      await fresh.drop();
    }
  });
  it("0029, 0031 and 0032 keep the rules and the 404 log: a stored rule passes the query on", async () => {
    await withDatabase(kind, async (db, upTo) => {
      await upTo("0026_insights");
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into redirect_rules (source, match, target, status, hits, created_at, updated_at)
        values ('/old', 'exact', '/new', 301, 3, ${at}, ${at})`.execute(db);
      await sql`insert into missing_addresses (path, day, hits) values ('/gone', '2026-01-01', 5)`.execute(
        db,
      );
      await upTo("0032_missing_addresses_trim");
      const rules = await sql<{ source: string; target: string; hits: number; drop_query: number }>`
        select source, target, hits, drop_query from redirect_rules`.execute(db);
      expect(
        rules.rows.map((row) => ({
          ...row,
          hits: Number(row.hits),
          drop_query: Number(row.drop_query),
        })),
      ).toEqual([{ source: "/old", target: "/new", hits: 3, drop_query: 0 }]);
      const missing = await sql<{ path: string; hits: number }>`
        select path, hits from missing_addresses`.execute(db);
      expect(missing.rows.map((row) => ({ ...row, hits: Number(row.hits) }))).toEqual([
        { path: "/gone", hits: 5 },
      ]);
      const counted = await sql<{ count: number }>`
        select count(*) as count from visit_conversion_visitors`.execute(db);
      expect(Number(counted.rows[0]?.count)).toBe(0);
    });
  });

  it("0038 keeps the stored version and starts no run: a rule change after it keeps the pages version", async () => {
    await withDatabase(kind, async (db, upTo) => {
      await upTo("0037_newsletter_copy_handover_index");
      await sql`update data_versions set version = 41 where name = 'site'`.execute(db);
      await upTo("0038_data_version_rules_run");
      expect(await getDataVersion(db)).toEqual({ site: 41, pages: 41 });
      await db.transaction().execute(markRulesChanged);
      expect(await getDataVersion(db)).toEqual({ site: 42, pages: 41 });
      await db.transaction().execute((trx) => markDataChanged(trx, "content"));
      expect(await getDataVersion(db)).toEqual({ site: 43, pages: 43 });
    });
  });
});
