// The media library's metadata (issue 17) over HTTP against the built site, on each database: an
// upload keeps the name it was uploaded under; the same bytes again store nothing and answer the
// image already there; the name, alt text and focal point are edited (bad input refused with
// clear 400s, an unknown image 404) and searched; public covers are cropped around the focal
// point; export and import carry the rows; boot gives uploads made before the table a row, once.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LibraryImage } from "~/capabilities/media/image-metadata";
import { exportData, importData } from "~/platform/db/backup/portable-data.server";
import { openDatabase } from "~/platform/db/database.server";
import { logInCookie, postJsonAs, resetLoginThrottles } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { postImage } from "../support/image-upload";
import { article } from "../support/publications";
import { startTestSite, type TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** A real 1×1 PNG, and the same picture a byte apart (a different hash, the same pixels). */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const paddedPng = Buffer.concat([png, Buffer.from([0])]);
/** Another picture: a 1×1 PNG of another colour. */
const otherPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgaPj/HwAEggJ/xY9R+AAAAABJRU5ErkJggg==",
  "base64",
);

type UploadAnswer = { message: string; duplicate: boolean; image: LibraryImage };

describe.each(getTestDatabaseKinds())("the media library's metadata on $name", (kind) => {
  let site: TestSite;
  let cookie: string;

  /** The originals the database holds. */
  const countBlobs = async () =>
    (await site.services.db.selectFrom("image_blobs").select("sha256").execute()).length;
  const upload = (bytes: Buffer, name: string) =>
    postImage(site.url, { bytes, name, type: "image/png" }, { cookie });
  const edit = (name: string, body: unknown) =>
    fetch(`${site.url}/api/admin/images/${name}`, {
      method: "PATCH",
      body: JSON.stringify(body),
      headers: { origin: site.url, cookie, "content-type": "application/json" },
    });
  const list = async (query = "") => {
    const response = await fetch(
      `${site.url}/api/admin/images${query ? `?q=${encodeURIComponent(query)}` : ""}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { images: LibraryImage[] }).images;
  };

  useUploadsSite(kind, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  it("keeps the name an image was uploaded under, cleaned for display, and shows it", async () => {
    const response = await upload(png, "C:\\fakepath\\Team  photo\u0007.png");
    expect(response.status).toBe(201);
    const { image, duplicate } = (await response.json()) as UploadAnswer;
    expect(duplicate).toBe(false);
    expect(image.url).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.png$/);
    expect(image).toMatchObject({ originalName: "Team photo.png", alt: "", focalX: 0.5 });
    expect((await list())[0]).toMatchObject({ url: image.url, originalName: "Team photo.png" });
    const library = await (await fetch(`${site.url}/images`, { headers: { cookie } })).text();
    expect(library).toContain("Team photo.png");
  });

  it("answers a second upload of the same bytes with the image already there and stores nothing", async () => {
    const [first] = await list();
    const blobs = await countBlobs();
    const again = await upload(png, "copy-of-team.png");
    expect(again.status).toBe(200);
    const answer = (await again.json()) as UploadAnswer;
    expect(answer.duplicate).toBe(true);
    expect(answer.message).toBe("This image is already in the library as Team photo.png");
    expect(answer.image.url).toBe(first?.url);
    expect(await countBlobs()).toBe(blobs);
    expect((await list()).filter((image) => image.uploaded)).toHaveLength(1);

    // Other bytes of the same picture: a library entry of their own, the stored copy shared
    // (stored bytes are written anew without metadata, so they are the same).
    const padded = await upload(paddedPng, "padded.png");
    expect(padded.status).toBe(201);
    expect(await countBlobs()).toBe(blobs);
    const other = await upload(otherPng, "other.png");
    expect(other.status).toBe(201);
    expect(await countBlobs()).toBe(blobs + 1);
  });

  it("saves a new name, alt text and focal point, and refuses bad input with clear 400s", async () => {
    const image = (await list()).find((each) => each.originalName === "Team photo.png");
    const name = image?.name ?? "";
    const saved = await edit(name, {
      originalName: "  Our team at the office  ",
      alt: "Five people around a whiteboard",
      focalX: 0.2,
      focalY: 0.75,
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { image: LibraryImage }).image).toMatchObject({
      name,
      originalName: "Our team at the office",
      alt: "Five people around a whiteboard",
      focalX: 0.2,
      focalY: 0.75,
    });
    expect((await list()).find((each) => each.name === name)).toMatchObject({
      originalName: "Our team at the office",
      focalY: 0.75,
    });

    const refusals: Array<[unknown, string]> = [
      [{ focalX: 1.5 }, "The focal point's left-right position must be from 0 to 1"],
      [{ focalY: "top" }, "The focal point's top-bottom position must be a number from 0 to 1"],
      [{ originalName: "   " }, "Give the image a name"],
      [{ originalName: "x".repeat(201) }, "The name must be at most 200 characters"],
      [{ alt: "a".repeat(301) }, "The alt text must be at most 300 characters"],
      [{}, "Send at least one of originalName, alt, focalX and focalY"],
      [{ name: "evil.png" }, "Only originalName, alt, focalX and focalY can be changed"],
    ];
    for (const [body, message] of refusals) {
      const response = await edit(name, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const notJson = await fetch(`${site.url}/api/admin/images/${name}`, {
      method: "PATCH",
      body: "alt=x",
      headers: { origin: site.url, cookie, "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    const unknown = await edit(`${"0".repeat(32)}.png`, { alt: "x" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      "No uploaded image has that name",
    );
    expect((await edit("..%2Fsite.db", { alt: "x" })).status).toBe(404);
    // Nothing of the refused edits was kept.
    expect((await list()).find((each) => each.name === name)?.originalName).toBe(
      "Our team at the office",
    );
  });

  it("finds images by name and by alt text", async () => {
    expect((await list("team office")).map((each) => each.originalName)).toEqual([
      "Our team at the office",
    ]);
    expect((await list("WHITEBOARD")).map((each) => each.originalName)).toEqual([
      "Our team at the office",
    ]);
    expect((await list("other.png")).map((each) => each.originalName)).toEqual(["other.png"]);
    expect(await list("no such picture")).toEqual([]);
  });

  it("crops a public cover around its image's focal point", async () => {
    const image = (await list()).find((each) => each.originalName === "Our team at the office");
    const created = await postJsonAs(
      site,
      "/api/admin/articles",
      article({ slug: "focal-cover", imageUrl: image?.url ?? "", imageAlt: "Our team" }),
      { cookie },
    );
    expect(created.status).toBe(201);
    const page = await (await fetch(`${site.url}/blog/focal-cover`)).text();
    // The cover is the upload, offered at its sizes (issue 18): a 1 px image has one, "w1".
    expect(page).toMatch(/<img[^>]*src="\/images\/uploads\/[0-9a-f]{32}\.w1\.png"[^>]*>/);
    expect(page).toContain("object-position:20% 75%");
    const blog = await (await fetch(`${site.url}/blog`)).text();
    expect(blog).toContain("object-position:20% 75%");

    // A new focal point shows at once: the saved edit changes the cached pages.
    expect((await edit(image?.name ?? "", { focalX: 0.5, focalY: 0.1 })).status).toBe(200);
    const moved = await (await fetch(`${site.url}/blog/focal-cover`)).text();
    expect(moved).toContain("object-position:50% 10%");
  });

  it("carries the rows through an export and an import into a fresh database", async () => {
    const exported = await exportData(site.services.db);
    const table = exported.tables.find((each) => each.name === "uploaded_images");
    expect(table?.rows).toHaveLength(3);
    const target = await kind.create();
    const db = await openDatabase(target.url);
    try {
      await importData(db, exported, { replace: true });
      const rows = await db
        .selectFrom("uploaded_images")
        .selectAll()
        .orderBy("original_name")
        .execute();
      expect(rows.map((row) => [row.original_name, row.alt, Number(row.focal_y)])).toEqual([
        ["Our team at the office", "Five people around a whiteboard", 0.1],
        ["other.png", "", 0.5],
        ["padded.png", "", 0.5],
      ]);
      expect(rows[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await db.destroy();
      await target.drop();
    }
  });
});

describe.each(getTestDatabaseKinds())(
  "uploads made before the library kept metadata on $name",
  (kind) => {
    it("get a row at boot, with their hash, once", async () => {
      const uploadsDir = await mkdtemp(join(tmpdir(), "media-old-uploads-"));
      const oldName = `${"ab".repeat(16)}.png`;
      await writeFile(join(uploadsDir, oldName), png);
      await writeFile(join(uploadsDir, "notes.txt"), "not an upload");
      const database = await kind.create();
      const site = await startTestSite(database, { UPLOADS_DIR: uploadsDir });
      try {
        const rows = await site.services.db.selectFrom("uploaded_images").selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ name: oldName, original_name: oldName, alt: "" });
        expect(rows[0]?.sha256).toBe(
          (await import("node:crypto")).createHash("sha256").update(png).digest("hex"),
        );
        expect(rows[0]?.blob_sha256).toMatch(/^[0-9a-f]{64}$/);

        // A second boot on the same database and folder adds nothing and keeps edits.
        await site.services.db
          .updateTable("uploaded_images")
          .set({ alt: "Kept" })
          .where("name", "=", oldName)
          .execute();
        const again = await site.site.bootServices({
          DATABASE_URL: database.url,
          UPLOADS_DIR: uploadsDir,
          LOG_LEVEL: "silent",
          PORT: "0",
        });
        await again.db.destroy();
        const after = await site.services.db.selectFrom("uploaded_images").selectAll().execute();
        expect(after).toHaveLength(1);
        expect(after[0]?.alt).toBe("Kept");

        // The same bytes uploaded now are that old upload.
        await resetLoginThrottles(site);
        const cookie = await logInCookie(site);
        const response = await postImage(
          site.url,
          { bytes: png, name: "new.png", type: "image/png" },
          { cookie },
        );
        expect(response.status).toBe(200);
        expect(((await response.json()) as UploadAnswer).image.url).toBe(
          `/images/uploads/${oldName}`,
        );
      } finally {
        await site.close();
        await rm(uploadsDir, { recursive: true, force: true });
      }
    });
  },
);
