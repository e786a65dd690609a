// `npm run backup` while the site takes 200 contact messages, `npm run restore` into a fresh
// folder, and `npm run export` from SQLite + `npm run import` into PostgreSQL (when its programs
// are installed): every acknowledged message, the content, its revisions and the uploaded images
// come back, the images from the database alone (no uploads folder anywhere). An archive written
// before images were kept in the database (its images in uploads/) still restores them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDataScript } from "../support/data-scripts";
import { getTestDatabaseKinds } from "../support/databases";
import { postJson, type ServerProcess, startServerProcess } from "../support/server-process";

const admin = { email: "owner@example.com", password: "correct horse battery staple" };
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function logIn(site: ServerProcess): Promise<string> {
  const response = await postJson(site.url, "/api/admin/login", admin);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("session="));
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie.split(";")[0] ?? "";
}

const work = mkdtempSync(join(tmpdir(), "site-backup-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("backup and restore", () => {
  const source = {
    DATABASE_URL: `file:${join(work, "live", "site.db")}`,
    UPLOADS_DIR: join(work, "live", "uploads"),
    IMAGE_CACHE_DIR: join(work, "live", "image-cache"),
  };
  let live: ServerProcess;
  let cookie: string;
  let imageUrl: string;
  let servedImage = Buffer.alloc(0);
  const savedTitle = "About us, restored from a backup";
  const acknowledged: string[] = [];
  let acknowledgedBeforeBackup: string[] = [];
  const archive = join(work, "site-backup.tar.gz");

  beforeAll(async () => {
    live = await startServerProcess({
      ...source,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    cookie = await logIn(live);
    const current = await (await fetch(`${live.url}/api/content`)).json();
    const saved = await postJson(
      live.url,
      "/api/content",
      { content: { about: { ...current.about, title: savedTitle } } },
      { cookie },
    );
    expect(saved.status).toBe(200);
    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "logo.png");
    const uploaded = await fetch(`${live.url}/api/admin/images`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: live.url },
    });
    expect(uploaded.status).toBe(201);
    imageUrl = ((await uploaded.json()) as { image: { url: string } }).image.url;
    // Stored as written again without metadata (issue 18): the restore must give these bytes.
    servedImage = Buffer.from(await (await fetch(`${live.url}${imageUrl}`)).arrayBuffer());
  });

  afterAll(() => live?.kill());

  it("takes a consistent backup while 200 messages are written, and restores every acknowledged one", async () => {
    let sent = 0;
    const writer = async () => {
      while (sent < 200) {
        const number = ++sent;
        const text = `Backup test message number ${number}`;
        const send = () =>
          postJson(
            live.url,
            "/api/contact",
            { name: "Backup Tester", email: "backup@example.com", message: text },
            { "x-forwarded-for": `10.9.${number >> 8}.${number & 255}` },
          );
        let response = await send();
        // The overload guard may ask a client to come back (503 + Retry-After, nothing stored);
        // the writer does, as the contact form's visitor would.
        while (response.status === 503 && response.headers.has("retry-after")) {
          const seconds = Number(response.headers.get("retry-after"));
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          response = await send();
        }
        if (response.status === 201) acknowledged.push(text);
        else throw new Error(`message ${number}: ${response.status} ${await response.text()}`);
      }
    };
    const writing = Promise.all(Array.from({ length: 6 }, writer));
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    acknowledgedBeforeBackup = [...acknowledged];
    const backup = runDataScript("backup", [archive], source);
    await writing;
    expect(backup.output).toContain("Backup written");
    expect(backup.code).toBe(0);
    expect(acknowledged).toHaveLength(200);

    // Restore into a fresh folder with no uploads folder, then serve from it: the image comes
    // from the restored database.
    const fresh = {
      DATABASE_URL: `file:${join(work, "restored", "site.db")}`,
      UPLOADS_DIR: join(work, "restored", "uploads"),
      IMAGE_CACHE_DIR: join(work, "restored", "image-cache"),
    };
    const restore = runDataScript("restore", [archive], fresh);
    expect(restore.output).toContain("Restored");
    expect(restore.code).toBe(0);
    expect(existsSync(fresh.UPLOADS_DIR)).toBe(false);

    const restored = await startServerProcess(fresh);
    try {
      const site = restored;
      const content = await (await fetch(`${site.url}/api/content`)).json();
      expect(content.about.title).toBe(savedTitle);
      const image = await fetch(`${site.url}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(servedImage);
      expect(existsSync(fresh.UPLOADS_DIR)).toBe(false);
      // The admin signs in with the same password; the messages are all there.
      const restoredCookie = await logIn(site);
      const leads = await (
        await fetch(`${site.url}/admin/leads`, {
          headers: { cookie: restoredCookie },
        })
      ).text();
      expect(leads).toContain("Backup test message number");
    } finally {
      restored.kill();
    }
    const db = new (await import("node:sqlite")).DatabaseSync(join(work, "restored", "site.db"));
    const messages = new Set(
      (db.prepare("select message from contact_messages").all() as Array<{ message: string }>).map(
        (row) => row.message,
      ),
    );
    const revisions = db.prepare("select count(*) as n from content_revisions").get() as {
      n: number;
    };
    db.close();
    // Everything acknowledged before the backup began is in it, and nothing that was not sent.
    expect(acknowledgedBeforeBackup.filter((text) => !messages.has(text))).toEqual([]);
    expect([...messages].filter((text) => !acknowledged.includes(text))).toEqual([]);
    expect(revisions.n).toBeGreaterThanOrEqual(2);
    console.log(
      `Backup during writes: ${acknowledgedBeforeBackup.length} acknowledged before it began, ${messages.size} in the archive, ${revisions.n} revisions`,
    );
  }, 120_000);

  it("restores an archive written before images were kept in the database, its uploads/ imported", async () => {
    // Such an archive: the data without image_blobs (nor the rows' link to it), the image as a
    // file of uploads/.
    const name = imageUrl.split("/").pop() ?? "";
    const staging = join(work, "old-archive");
    mkdirSync(join(staging, "uploads"), { recursive: true });
    const exported = join(work, "for-old-archive.json");
    expect(runDataScript("export", [exported], source).code).toBe(0);
    const data = JSON.parse(readFileSync(exported, "utf8")) as {
      migrations: string[];
      tables: Array<{ name: string; rows: Array<Record<string, unknown>> }>;
    };
    data.migrations = data.migrations.filter((migration) => migration < "0012");
    data.tables = data.tables
      .filter((table) => table.name !== "image_blobs")
      .map((table) =>
        table.name === "uploaded_images"
          ? {
              ...table,
              rows: table.rows.map(({ blob_sha256: _blob, ...row }) => row),
            }
          : table,
      );
    writeFileSync(join(staging, "data.json"), JSON.stringify(data));
    writeFileSync(
      join(staging, "manifest.json"),
      JSON.stringify({ kind: "clearline-site-backup" }),
    );
    writeFileSync(join(staging, "uploads", name), png);
    const oldArchive = join(work, "old-backup.tar.gz");
    const tar = spawnSync("tar", [
      "-czf",
      oldArchive,
      "-C",
      staging,
      "manifest.json",
      "data.json",
      "uploads",
    ]);
    expect(tar.status).toBe(0);

    const target = {
      DATABASE_URL: `file:${join(work, "restored-old", "site.db")}`,
      UPLOADS_DIR: join(work, "restored-old", "uploads"),
      IMAGE_CACHE_DIR: join(work, "restored-old", "image-cache"),
    };
    const restore = runDataScript("restore", [oldArchive], target);
    expect(restore.output).toContain("imported 1 images from the archive's uploads folder");
    expect(restore.code).toBe(0);
    const restored = await startServerProcess(target);
    try {
      const image = await fetch(`${restored.url}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(servedImage);
      const cookie = await logIn(restored);
      const library = await (await fetch(`${restored.url}/images`, { headers: { cookie } })).text();
      expect(library).toContain("logo.png");
    } finally {
      restored.kill();
    }
  }, 120_000);

  it("refuses to restore over a database that holds data, and says how", () => {
    const result = runDataScript("restore", [archive], source);
    expect(result.code).toBe(1);
    expect(result.output).toContain("--replace");
  });

  const postgresKinds = getTestDatabaseKinds().filter((kind) => kind.name === "postgres");
  it.each(postgresKinds.map((kind) => [kind.name, kind] as const))(
    "export from SQLite and import into %s gives the same site",
    async (_name, kind) => {
      const exported = join(work, "site.json");
      expect(runDataScript("export", [exported], source).code).toBe(0);
      const database = await kind.create();
      try {
        // No uploads folder on the new side: the images come with the data.
        const target = {
          DATABASE_URL: database.url,
          UPLOADS_DIR: join(work, "moved", "uploads"),
          IMAGE_CACHE_DIR: join(work, "moved", "image-cache"),
        };
        const imported = runDataScript("import", [exported], target);
        expect(imported.output).toContain("Imported");
        expect(imported.code).toBe(0);
        const moved = await startServerProcess(target);
        try {
          const image = await fetch(`${moved.url}${imageUrl}`);
          expect(image.status).toBe(200);
          expect(Buffer.from(await image.arrayBuffer())).toEqual(servedImage);
          expect(existsSync(target.UPLOADS_DIR)).toBe(false);
          for (const path of ["/api/content", "/about", "/services"]) {
            const [before, after] = await Promise.all(
              [live, moved].map(async (site) =>
                (await (await fetch(`${site.url}${path}`)).text())
                  // Per-request values: CSP nonces, signed form times, the site's own port.
                  .replace(/[A-Za-z0-9+/]{22}==/g, "")
                  .replace(/\d{13}\.[\w-]{43}/g, "")
                  .replaceAll(site.url, ""),
              ),
            );
            expect(after, path).toBe(before);
          }
          const movedCookie = await logIn(moved);
          expect(movedCookie).toMatch(/^session=/);
          // New rows after the import get new ids (identity counters moved past the data).
          const message = await postJson(moved.url, "/api/contact", {
            name: "After Import",
            email: "after@example.com",
            message: "Written after the move to PostgreSQL.",
          });
          expect(message.status).toBe(201);
        } finally {
          moved.kill();
        }
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const counted = await client.query<{ n: string }>(
          "select count(*) as n from contact_messages",
        );
        await client.end();
        const data = JSON.parse(readFileSync(exported, "utf8")) as {
          tables: Array<{ name: string; rows: unknown[] }>;
        };
        const messages = data.tables.find((table) => table.name === "contact_messages");
        expect(Number(counted.rows[0]?.n)).toBe((messages?.rows.length ?? 0) + 1);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
