import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compareVersions, minimumSqliteVersion, openDatabaseAsIs } from "./database.server";

describe("compareVersions", () => {
  it("orders dotted versions numerically", () => {
    expect(compareVersions("3.51.3", minimumSqliteVersion)).toBe(0);
    expect(compareVersions("3.51.2", "3.51.3")).toBe(-1);
    expect(compareVersions("3.9.0", "3.51.3")).toBe(-1);
    expect(compareVersions("3.52", "3.51.3")).toBe(1);
    expect(compareVersions("4.0.0", "3.99.99")).toBe(1);
  });
});

// Another process holding the whole file for 600 ms, as the checkpoint that closes a command's
// last connection does for a moment.
const holdFile = `
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(process.argv[1]);
db.exec("pragma locking_mode = exclusive");
db.exec("insert into held values (1)");
console.log("held");
setTimeout(() => db.close(), 600);
`;

describe("opening a SQLite database", () => {
  it("waits while another process holds the file, then opens it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sqlite-open-"));
    const url = `file:${join(dir, "site.db")}`;
    try {
      const first = openDatabaseAsIs(url);
      await sql`create table held (x integer)`.execute(first);
      await first.destroy();

      const holder = spawn(process.execPath, ["-e", holdFile, join(dir, "site.db")], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      await once(holder.stdout, "data");
      const started = Date.now();
      const db = openDatabaseAsIs(url);
      expect(Date.now() - started).toBeGreaterThan(200);
      const { rows } = await sql<{ count: number }>`select count(*) as count from held`.execute(db);
      expect(rows[0]?.count).toBe(1);
      await db.destroy();
      await once(holder, "exit");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
