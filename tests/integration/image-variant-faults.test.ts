// A size that cannot be made, in a real server process whose log the test reads (issue 18): the
// visitor gets the original with a short Cache-Control instead of an error, and the failure is
// logged once for that size, not once per request.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getVariantUrl, parseUploadUrl } from "~/capabilities/media/image-variants";
import { openDatabase } from "~/platform/db/database.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { logIn, type SiteProcess, startSiteProcess } from "../support/site-process";
import { testAdmin } from "../support/test-site";

describe.each(getTestDatabaseKinds())("a size that fails to render on $name", (kind) => {
  let database: TestDatabase;
  let folder: string;
  let site: SiteProcess;

  beforeAll(async () => {
    database = await kind.create();
    folder = await mkdtemp(join(tmpdir(), "variant-faults-"));
    site = await startSiteProcess({
      DATABASE_URL: database.url,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      IMAGE_CACHE_DIR: join(folder, "cache"),
    });
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it("serves the original for a minute and logs the failure once", async () => {
    const cookie = await logIn(site, site.url);
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 10, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const image = {
      url: await uploadImage(site.url, cookie, { bytes: photo, name: "a.jpg", type: "image/jpeg" }),
    };
    const upload = parseUploadUrl(image.url);
    if (!upload) throw new Error("not an upload");

    // The stored original goes bad in the database, before this instance has cached it: a JPEG
    // header, then noise.
    const damaged = Buffer.concat([photo.subarray(0, 600), Buffer.alloc(400, 0x5a)]);
    const db = await openDatabase(database.url);
    try {
      const row = await db
        .selectFrom("uploaded_images")
        .select("blob_sha256")
        .where("name", "=", `${upload.id}.jpg`)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("image_blobs")
        .set({ bytes: damaged })
        .where("sha256", "=", row.blob_sha256 ?? "")
        .execute();
    } finally {
      await db.destroy();
    }

    const path = getVariantUrl(upload.id, 640, "webp");
    const answers = [
      ...(await Promise.all([0, 1, 2].map(() => fetch(`${site.url}${path}`)))),
      await fetch(`${site.url}${path}`),
      await fetch(`${site.url}${path}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
      expect(answer.headers.get("server-timing")).toContain('desc="original-failed"');
      expect(Buffer.from(await answer.arrayBuffer()).equals(damaged)).toBe(true);
    }
    const logged = site
      .output()
      .split("\n")
      .filter((line) => line.includes("image variant could not be made"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`${upload.id}.w640.webp`);
  }, 60_000);
});
