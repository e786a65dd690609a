import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabaseAsIs } from "./database.server";
import { prepareQuery } from "./prepared-query.server";
import type { Db } from "./tables.server";

describe("a query compiled once", () => {
  const dir = mkdtempSync(join(tmpdir(), "prepared-query-"));
  let db: Db;

  beforeAll(async () => {
    db = openDatabaseAsIs(`file:${join(dir, "site.db")}`);
    await sql`create table newsletter_links (newsletter_id integer, position integer, url text)`.execute(
      db,
    );
    await sql`insert into newsletter_links values (1, 1, 'https://a.example/'), (1, 2, 'https://b.example/'), (2, 1, 'https://c.example/')`.execute(
      db,
    );
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs with each call's own values, in whatever order the SQL binds them", async () => {
    const findUrls = prepareQuery(
      db,
      (values: { id: number; position: number }) =>
        db
          .selectFrom("newsletter_links")
          .select("url")
          .where("position", "=", values.position)
          .where("newsletter_id", "=", values.id)
          .where("url", "!=", "https://never.example/"),
      { id: -101, position: -102 },
    );
    expect(await findUrls({ id: 1, position: 2 })).toEqual([{ url: "https://b.example/" }]);
    expect(await findUrls({ id: 2, position: 1 })).toEqual([{ url: "https://c.example/" }]);
    expect(await findUrls({ id: 3, position: 1 })).toEqual([]);
  });

  it("refuses at start a value that never reaches the query", () => {
    expect(() =>
      prepareQuery(
        db,
        (values: { id: number; unused: string }) =>
          db.selectFrom("newsletter_links").select("url").where("newsletter_id", "=", values.id),
        { id: -101, unused: "\u0000unused" },
      ),
    ).toThrow("unused did not reach the query as parameters");
  });
});
