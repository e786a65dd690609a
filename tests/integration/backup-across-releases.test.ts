// A backup made by an earlier release restores into a fresh database of this one, on SQLite and
// PostgreSQL: the fixture is a real `npm run backup` of a site at dba7927 holding a newsletter draft,
// whose newsletters rows carry two columns this release no longer has. A backup from a newer release
// is refused with one line.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "~/platform/db/migrate.server";
import { runDataScript } from "../support/data-scripts";
import { getTestDatabaseKinds } from "../support/databases";
import { postJson, startServerProcess } from "../support/server-process";

const fixture = fileURLToPath(new URL("../fixtures/backup-dba7927.tar.gz", import.meta.url));
const admin = { email: "owner@example.com", password: "correct horse battery staple" };
const draftSubject = "Spring notes from an older release";

const work = mkdtempSync(join(tmpdir(), "site-old-backup-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function readManifest(archive: string): Record<string, unknown> {
  const folder = mkdtempSync(join(work, "manifest-"));
  expect(spawnSync("tar", ["-xzf", archive, "-C", folder]).status).toBe(0);
  return JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
}

/** The fixture with a migration this release does not know: what a newer release would write. */
function writeNewerBackup(): string {
  const staging = mkdtempSync(join(work, "newer-"));
  expect(spawnSync("tar", ["-xzf", fixture, "-C", staging]).status).toBe(0);
  const data = JSON.parse(readFileSync(join(staging, "data.json"), "utf8"));
  data.migrations.push("9999_from_the_future");
  data.schemaVersion = "9999_from_the_future";
  writeFileSync(join(staging, "data.json"), JSON.stringify(data));
  const archive = join(work, "newer.tar.gz");
  const tar = spawnSync("tar", ["-czf", archive, "-C", staging, "manifest.json", "data.json"]);
  expect(tar.status).toBe(0);
  return archive;
}

describe.each(getTestDatabaseKinds())("a backup from an earlier release on $name", (kind) => {
  it("restores into a fresh database with the newsletter draft, and backs up again with its schema version", async () => {
    const database = await kind.create();
    const folder = join(work, `${kind.name}-restored`);
    mkdirSync(folder, { recursive: true });
    const target = {
      DATABASE_URL: kind.name === "sqlite" ? `file:${join(folder, "site.db")}` : database.url,
      UPLOADS_DIR: join(folder, "uploads"),
      IMAGE_CACHE_DIR: join(folder, "image-cache"),
    };
    try {
      const restore = runDataScript("restore", [fixture], target);
      expect(restore.output).toContain("Restored");
      expect(restore.output).toContain(
        "Left out, as this release no longer has them: newsletters.recipient_count, newsletters.finished_at",
      );
      expect(restore.code).toBe(0);

      const site = await startServerProcess(target);
      try {
        const login = await postJson(site.url, "/api/admin/login", admin);
        expect(login.status).toBe(200);
        const cookie = login.headers
          .getSetCookie()
          .map((value) => value.split(";")[0])
          .join("; ");
        const screen = await fetch(`${site.url}/admin/newsletter`, { headers: { cookie } });
        expect(screen.status).toBe(200);
        expect(await screen.text()).toContain(draftSubject);
      } finally {
        site.kill();
      }

      const again = join(folder, "again.tar.gz");
      expect(runDataScript("backup", [again], target).code).toBe(0);
      const latest = Object.keys(migrations).sort().at(-1);
      expect(readManifest(again).schemaVersion).toBe(latest);
    } finally {
      await database.drop();
    }
  }, 120_000);

  it("refuses a backup from a newer release with one line that says what to do", async () => {
    const database = await kind.create();
    const folder = join(work, `${kind.name}-newer`);
    mkdirSync(folder, { recursive: true });
    const target = {
      DATABASE_URL: kind.name === "sqlite" ? `file:${join(folder, "site.db")}` : database.url,
    };
    try {
      const restore = runDataScript("restore", [writeNewerBackup()], target);
      expect(restore.code).toBe(1);
      expect(restore.output.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^restore failed: This data comes from a newer release of the site \(schema 9999_from_the_future; this one is at \d{4}_\w+\): upgrade the site first/,
        ),
      ]);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
