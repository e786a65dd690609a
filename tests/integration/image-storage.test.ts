// Uploaded images kept in the database (issue 18), over real HTTP against the built site on each
// database: an image uploaded through one instance is served by another on the same database with
// the same bytes (and HTTP caching: immutable, ETag, 304, HEAD), and kept by `npm run backup` /
// `restore` and `export` / `import` into fresh databases with no uploads folder; a burst of
// requests for an uncached original reads it from the database once; a database without room answers
// 507 and keeps nothing; files of an uploads folder are imported at boot once and then served
// without it; deleting an image frees its stored bytes and cached copy. With PostgreSQL stopped, a
// cached original is still served and an uncached one is a 503 with Retry-After; with its disk
// full (a real small tmpfs), as with SQLite past its page limit, an upload is a 507.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prepareUploadedImage } from "~/capabilities/media/image-processing.server";
import { databaseFullMessage } from "~/capabilities/media/image-rules";
import { getImageStore } from "~/capabilities/media/image-store.server";
import { startTempPostgres, type TempPostgres } from "../../scripts/postgres";
import { logInCookie, postJsonAs, resetLoginThrottles } from "../support/admin-requests";
import { runDataScript } from "../support/data-scripts";
import { getTestDatabaseKinds, shareDatabase } from "../support/databases";
import { postImage } from "../support/image-upload";
import { hasPostgresPrograms } from "../support/postgres-site";
import { article } from "../support/publications";
import { mountSmallDisk } from "../support/small-disk";
import { startTestSite, type TestSite } from "../support/test-site";

type Uploaded = { image: { url: string; name: string; originalName: string } };

/** A real JPEG of the given size: noise, so it does not compress to nothing. */
async function makeJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function makePng(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp(await makeJpeg(width, height, seed))
    .png()
    .toBuffer();
}

function upload(site: TestSite, cookie: string, bytes: Buffer, name: string, type: string) {
  return postImage(site.url, { bytes, name, type }, { cookie });
}

/** The bytes the site keeps and serves for an upload: decoded, upright, without metadata. */
async function toStoredBytes(uploaded: Buffer): Promise<Buffer> {
  return Buffer.from((await prepareUploadedImage(uploaded)).bytes);
}

async function readBytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** What the database holds of uploads: rows, stored originals, upload log entries. */
async function countStored(site: TestSite) {
  const { db } = site.services;
  const [rows, blobs, logged] = await Promise.all([
    db.selectFrom("uploaded_images").select("name").execute(),
    db.selectFrom("image_blobs").select("sha256").execute(),
    db.selectFrom("admin_activity").select("id").where("action", "=", "image-upload").execute(),
  ]);
  return { rows: rows.length, blobs: blobs.length, logged: logged.length };
}

async function signIn(site: TestSite): Promise<string> {
  await resetLoginThrottles(site);
  return logInCookie(site);
}

const folders: string[] = [];
async function makeFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe.each(getTestDatabaseKinds())("images stored in the database on $name", (kind) => {
  const sites: TestSite[] = [];
  afterEach(async () => {
    await Promise.all(sites.splice(0).map((site) => site.close()));
  });

  async function startSites(count: number, env: Record<string, string> = {}) {
    const database = shareDatabase(await kind.create(), count);
    const started: TestSite[] = [];
    for (let index = 0; index < count; index++) {
      // Each instance its own cache (and an empty uploads folder): only the database is shared.
      const site = await startTestSite(database, {
        IMAGE_CACHE_DIR: join(await makeFolder("image-cache-"), "cache"),
        UPLOADS_DIR: join(await makeFolder("uploads-"), "none"),
        ...env,
      });
      sites.push(site);
      started.push(site);
    }
    return started;
  }

  it("serves an image uploaded through one instance from another, same bytes, cached for good", async () => {
    const [first, second] = await startSites(2);
    if (!first || !second) throw new Error("two sites expected");
    const jpeg = await makeJpeg(200, 150);
    const answer = await upload(first, await signIn(first), jpeg, "office.jpg", "image/jpeg");
    expect(answer.status).toBe(201);
    const { image } = (await answer.json()) as Uploaded;
    expect(image.url).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.jpg$/);

    const stored = await toStoredBytes(jpeg);
    const served = await fetch(`${second.url}${image.url}`);
    expect(served.status).toBe(200);
    expect((await readBytes(served)).equals(stored)).toBe(true);
    // The instance it was uploaded through serves the very same bytes.
    const fromFirst = await fetch(`${first.url}${image.url}`);
    expect((await readBytes(fromFirst)).equals(stored)).toBe(true);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = served.headers.get("etag");
    expect(etag).toBeTruthy();

    // A browser that has it is told so; HEAD answers the headers alone.
    // (fetch adds "Cache-Control: no-cache" to a conditional request unless told otherwise, which
    // a server must answer in full; a browser revalidating sends max-age=0.)
    const again = await fetch(`${second.url}${image.url}`, {
      headers: { "if-none-match": etag ?? "", "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${second.url}${image.url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(stored.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // The other instance's library lists it too, and the same bytes again are a duplicate there.
    const secondCookie = await signIn(second);
    const listed = await fetch(`${second.url}/api/admin/images`, {
      headers: { cookie: secondCookie },
    });
    const { images } = (await listed.json()) as { images: Array<{ url: string }> };
    expect(images.map((each) => each.url)).toContain(image.url);
    const duplicate = await upload(second, secondCookie, jpeg, "again.jpg", "image/jpeg");
    expect(duplicate.status).toBe(200);
    expect(((await duplicate.json()) as Uploaded).image.url).toBe(image.url);

    // An address with another extension, or no such upload, is a 404 on every instance.
    for (const path of [
      image.url.replace(/\.jpg$/, ".png"),
      `/images/uploads/${"d".repeat(32)}.jpg`,
    ]) {
      expect((await fetch(`${second.url}${path}`)).status).toBe(404);
    }
  });

  it("keeps an image through npm run backup / restore and export / import into fresh databases with no uploads folder", async () => {
    const [live] = await startSites(1);
    if (!live) throw new Error("a site expected");
    const photo = await makeJpeg(320, 240, 13);
    const answer = await upload(live, await signIn(live), photo, "kept.jpg", "image/jpeg");
    const { image } = (await answer.json()) as Uploaded;
    const work = await makeFolder("image-moves-");
    const source = {
      DATABASE_URL: live.services.config.DATABASE_URL,
      UPLOADS_DIR: join(work, "no-uploads"),
    };
    const archive = join(work, "site.tar.gz");
    const exported = join(work, "site.json");
    expect(runDataScript("backup", [archive], source).code).toBe(0);
    expect(runDataScript("export", [exported], source).code).toBe(0);

    for (const [command, file] of [
      ["restore", archive],
      ["import", exported],
    ] as const) {
      const database = await kind.create();
      const target = {
        DATABASE_URL: database.url,
        UPLOADS_DIR: join(work, `${command}-uploads`),
        IMAGE_CACHE_DIR: join(work, `${command}-cache`),
      };
      const moved = runDataScript(command, [file], target);
      expect(moved.code, moved.output).toBe(0);
      const site = await startTestSite(database, target);
      sites.push(site);
      const served = await fetch(`${site.url}${image.url}`);
      expect(served.status, command).toBe(200);
      expect((await readBytes(served)).equals(await toStoredBytes(photo)), command).toBe(true);
      expect(existsSync(target.UPLOADS_DIR)).toBe(false);
    }
  }, 120_000);

  it("reads an uncached original from the database once, however many ask for it at the same time", async () => {
    const [site] = await startSites(1);
    if (!site) throw new Error("a site expected");
    const jpeg = await makeJpeg(300, 200, 12);
    const answer = await upload(site, await signIn(site), jpeg, "burst.jpg", "image/jpeg");
    const { image } = (await answer.json()) as Uploaded;
    // The site's own database, watched: every statement that reads stored bytes is counted.
    let blobReads = 0;
    const watched = site.services.db.withPlugin({
      transformQuery(args) {
        const node = args.node as { kind: string; from?: { froms: Array<unknown> } };
        if (node.kind === "SelectQueryNode" && JSON.stringify(node.from).includes("image_blobs")) {
          blobReads += 1;
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const store = getImageStore({ ...site.services, db: watched });
    const id = image.name.slice(0, 32);
    const opened = await Promise.all(Array.from({ length: 20 }, () => store.openOriginal(id)));
    expect(blobReads).toBe(1);
    expect(new Set(opened.map((original) => original?.file)).size).toBe(1);
    expect(opened[0]).toMatchObject({ extension: "jpg", contentType: "image/jpeg", width: 300 });
    expect((await readFile(opened[0]?.file ?? "")).equals(await toStoredBytes(jpeg))).toBe(true);
    // Cached now: no more reads.
    await store.openOriginal(id);
    expect(blobReads).toBe(1);
  });

  it("imports the files of an uploads folder at boot, once, and serves them without it", async () => {
    const folder = await makeFolder("old-uploads-");
    const png = await makePng(40, 30, 2);
    const jpeg = await makeJpeg(50, 20, 3);
    const pngName = `${"1a".repeat(16)}.png`;
    const jpegName = `${"2b".repeat(16)}.jpg`;
    const keptName = `${"3c".repeat(16)}.jpg`;
    const kept = await makeJpeg(30, 30, 4);
    await writeFile(join(folder, pngName), png);
    await writeFile(join(folder, jpegName), jpeg);
    await writeFile(join(folder, "notes.txt"), "not an upload");
    await writeFile(join(folder, `.${"4d".repeat(16)}.png`), png);
    const [site] = await startSites(1, { UPLOADS_DIR: folder });
    if (!site) throw new Error("a site expected");
    const { db } = site.services;
    expect(await countStored(site)).toMatchObject({ rows: 2, blobs: 2 });
    for (const [name, bytes] of [
      [pngName, png],
      [jpegName, jpeg],
    ] as const) {
      const served = await fetch(`${site.url}/images/uploads/${name}`);
      expect(served.status).toBe(200);
      expect((await readBytes(served)).equals(await toStoredBytes(bytes))).toBe(true);
    }

    // An upload whose row was written before its bytes were kept (issue 17) gets them, its row
    // (and the name an admin gave it) kept.
    await db
      .insertInto("uploaded_images")
      .values({
        name: keptName,
        original_name: "Named by an admin.jpg",
        sha256: "0".repeat(64),
        content_type: "image/jpeg",
        byte_size: kept.length,
        width: 30,
        height: 30,
        created_at: new Date().toISOString(),
      })
      .execute();
    await writeFile(join(folder, keptName), kept);
    const blobsBefore = await db.selectFrom("image_blobs").selectAll().execute();
    const rebooted = await site.site.bootServices({
      DATABASE_URL: site.services.config.DATABASE_URL,
      UPLOADS_DIR: folder,
      LOG_LEVEL: "silent",
      PORT: "0",
    });
    await rebooted.db.destroy();
    const row = await db
      .selectFrom("uploaded_images")
      .selectAll()
      .where("name", "=", keptName)
      .executeTakeFirst();
    expect(row?.original_name).toBe("Named by an admin.jpg");
    expect(row?.blob_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The two imported before were not read again: their stored rows are the same ones.
    const blobsAfter = await db.selectFrom("image_blobs").selectAll().execute();
    expect(blobsAfter).toHaveLength(3);
    for (const before of blobsBefore) {
      expect(blobsAfter.find((after) => after.sha256 === before.sha256)?.created_at).toBe(
        before.created_at,
      );
    }
    // A third boot does nothing at all.
    const third = await site.site.bootServices({
      DATABASE_URL: site.services.config.DATABASE_URL,
      UPLOADS_DIR: folder,
      LOG_LEVEL: "silent",
      PORT: "0",
    });
    await third.db.destroy();
    expect(await db.selectFrom("image_blobs").selectAll().execute()).toEqual(blobsAfter);

    // The folder is no longer needed: gone, and every image is still served.
    await rm(folder, { recursive: true, force: true });
    const cookie = await signIn(site);
    const library = await (await fetch(`${site.url}/images`, { headers: { cookie } })).text();
    for (const [name, bytes] of [
      [pngName, png],
      [jpegName, jpeg],
      [keptName, kept],
    ] as const) {
      expect(library).toContain(`/images/uploads/${name}`);
      const served = await fetch(`${site.url}/images/uploads/${name}`);
      expect(served.status).toBe(200);
      expect((await readBytes(served)).equals(await toStoredBytes(bytes))).toBe(true);
    }
  });

  it("frees an image's stored bytes and cached copy when it is deleted; one in use is refused", async () => {
    const cacheDir = join(await makeFolder("image-cache-"), "cache");
    const [site] = await startSites(1, { IMAGE_CACHE_DIR: cacheDir });
    if (!site) throw new Error("a site expected");
    const cookie = await signIn(site);
    const before = await countStored(site);
    const answer = await upload(site, cookie, await makePng(64, 64, 5), "gone.png", "image/png");
    const { image } = (await answer.json()) as Uploaded;
    const used = (await (
      await upload(site, cookie, await makeJpeg(64, 64, 6), "cover.jpg", "image/jpeg")
    ).json()) as Uploaded;
    expect((await fetch(`${site.url}${image.url}`)).status).toBe(200);
    expect(await readdir(cacheDir)).toContain(image.name);

    const published = await postJsonAs(
      site,
      "/api/admin/articles",
      article({ slug: "stored-cover", imageUrl: used.image.url, imageAlt: "A cover" }),
      { cookie },
    );
    expect(published.status).toBe(201);
    const refused = await fetch(`${site.url}/api/admin/images/${used.image.name}`, {
      method: "DELETE",
      headers: { origin: site.url, cookie },
    });
    expect(refused.status).toBe(409);
    expect((await fetch(`${site.url}${used.image.url}`)).status).toBe(200);

    const deleted = await fetch(`${site.url}/api/admin/images/${image.name}`, {
      method: "DELETE",
      headers: { origin: site.url, cookie },
    });
    expect(deleted.status).toBe(200);
    expect(await countStored(site)).toMatchObject({
      rows: before.rows + 1,
      blobs: before.blobs + 1,
    });
    expect(await readdir(cacheDir)).not.toContain(image.name);
    expect((await fetch(`${site.url}${image.url}`)).status).toBe(404);
    const again = await fetch(`${site.url}/api/admin/images/${image.name}`, {
      method: "DELETE",
      headers: { origin: site.url, cookie },
    });
    expect(again.status).toBe(404);
  });
});

describe("a full SQLite database", () => {
  let site: TestSite | undefined;
  afterAll(async () => {
    await site?.close();
  });

  it("answers 507 to an upload that does not fit, stores nothing, and takes it once there is room", async () => {
    const [sqlite] = getTestDatabaseKinds();
    if (!sqlite) throw new Error("no SQLite");
    const folder = await makeFolder("full-sqlite-");
    site = await startTestSite(await sqlite.create(), { IMAGE_CACHE_DIR: join(folder, "cache") });
    const started = site;

    const cookie = await signIn(started);
    const { db } = started.services;
    const listLibrary = async () =>
      (await (
        await fetch(`${started.url}/api/admin/images`, { headers: { cookie } })
      ).json()) as unknown;
    const library = await listLibrary();
    const before = await countStored(started);
    // Room for a few pages more: a photo's bytes do not fit.
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    const pageCount = Number(pages.rows[0]?.page_count);
    await sql.raw(`pragma max_page_count = ${pageCount + 16}`).execute(db);
    const photo = await makeJpeg(800, 600, 7);
    expect(photo.length).toBeGreaterThan(200 * 1024);
    try {
      const answer = await upload(started, cookie, photo, "photo.jpg", "image/jpeg");
      expect(answer.status).toBe(507);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({ message: databaseFullMessage });
      expect(await countStored(started)).toEqual(before);
      expect(await listLibrary()).toEqual(library);
    } finally {
      await sql.raw("pragma max_page_count = 1073741823").execute(db);
    }
    const retry = await upload(started, cookie, photo, "photo.jpg", "image/jpeg");
    expect(retry.status).toBe(201);
    const { image } = (await retry.json()) as Uploaded;
    expect(
      (await readBytes(await fetch(`${started.url}${image.url}`))).equals(
        await toStoredBytes(photo),
      ),
    ).toBe(true);
  });
});

describe.runIf(hasPostgresPrograms)("originals on a PostgreSQL that stops or fills up", () => {
  let postgres: TempPostgres | undefined;
  let site: TestSite | undefined;

  beforeAll(async () => {
    postgres = await startTempPostgres();
    if (!postgres) throw new Error("PostgreSQL's programs are installed but it did not start");
    const cache = await makeFolder("image-cache-");
    site = await startTestSite(
      { url: postgres.url, drop: async () => {} },
      { IMAGE_CACHE_DIR: join(cache, "cache"), UPLOADS_DIR: join(cache, "none") },
    );
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    postgres?.stop();
  });

  it("serves a cached original, answers 503 with Retry-After for an uncached one, and recovers", async () => {
    if (!site || !postgres) throw new Error("no site");
    const cookie = await signIn(site);
    const cached = await makeJpeg(80, 60, 8);
    const uncached = await makeJpeg(80, 60, 9);
    const first = (await (
      await upload(site, cookie, cached, "cached.jpg", "image/jpeg")
    ).json()) as Uploaded;
    const second = (await (
      await upload(site, cookie, uncached, "uncached.jpg", "image/jpeg")
    ).json()) as Uploaded;
    expect((await fetch(`${site.url}${first.image.url}`)).status).toBe(200);

    postgres.halt("fast");
    try {
      const fromCache = await fetch(`${site.url}${first.image.url}`);
      expect(fromCache.status).toBe(200);
      expect((await readBytes(fromCache)).equals(await toStoredBytes(cached))).toBe(true);
      const unavailable = await fetch(`${site.url}${second.image.url}`, {
        signal: AbortSignal.timeout(15_000),
      });
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers.get("retry-after")).toBeTruthy();
      expect(unavailable.headers.get("cache-control")).toBe("no-store");
    } finally {
      postgres.restart();
    }
    let recovered: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      recovered = await fetch(`${site.url}${second.image.url}`);
      if (recovered.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered?.status).toBe(200);
    expect((await readBytes(recovered as Response)).equals(await toStoredBytes(uncached))).toBe(
      true,
    );
  }, 60_000);

  it("answers 507 when PostgreSQL's disk for the images is full, stores nothing, and takes it once there is room", async () => {
    if (!site) throw new Error("no site");
    const { db } = site.services;
    // The stored originals on a small disk of their own (a tablespace), which then fills up.
    const disk = await mountSmallDisk(8 * 1024 * 1024);
    try {
      expect(spawnSync("chown", ["postgres", disk.dir]).status).toBe(0);
      await sql.raw(`create tablespace small_disk location '${disk.dir}'`).execute(db);
      await sql`alter table image_blobs set tablespace small_disk`.execute(db);
      const cookie = await signIn(site);
      const before = await countStored(site);
      await disk.fill(64 * 1024);
      const photo = await makeJpeg(800, 600, 11);
      const answer = await upload(site, cookie, photo, "photo.jpg", "image/jpeg");
      expect(answer.status).toBe(507);
      expect(await answer.json()).toEqual({ message: databaseFullMessage });
      expect(await countStored(site)).toEqual(before);

      await disk.empty();
      const retry = await upload(site, cookie, photo, "photo.jpg", "image/jpeg");
      expect(retry.status).toBe(201);
      const { image } = (await retry.json()) as Uploaded;
      expect(
        (await readBytes(await fetch(`${site.url}${image.url}`))).equals(
          await toStoredBytes(photo),
        ),
      ).toBe(true);
    } finally {
      await sql`alter table image_blobs set tablespace pg_default`.execute(db);
      await sql`drop tablespace if exists small_disk`.execute(db);
      await disk.unmount();
    }
  }, 60_000);
});

describe("the uploads folder itself", () => {
  it("is never created nor written by an upload", async () => {
    const folder = await makeFolder("uploads-parent-");
    const uploadsDir = join(folder, "uploads");
    const [kind] = getTestDatabaseKinds();
    if (!kind) throw new Error("no database kind");
    const site = await startTestSite(await kind.create(), {
      UPLOADS_DIR: uploadsDir,
      IMAGE_CACHE_DIR: join(folder, "cache"),
    });
    try {
      const cookie = await signIn(site);
      const answer = await upload(site, cookie, await makePng(8, 8, 10), "a.png", "image/png");
      expect(answer.status).toBe(201);
      expect(existsSync(uploadsDir)).toBe(false);
    } finally {
      await site.close();
    }
  });
});
