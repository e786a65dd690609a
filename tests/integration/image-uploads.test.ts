// Image uploads over HTTP against the built site: a good PNG is stored under a random name and
// served with immutable caching and the strict CSP; SVG, oversized files and files whose bytes
// are not an image are refused with clear messages; only a signed-in admin on this site may upload.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { logInCookie, resetLoginThrottles } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

/** A real 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function upload(
  site: TestSite,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
  options: { cookie?: string; origin?: string } = {},
) {
  const form = new FormData();
  form.append("image", new Blob([file.bytes], { type: file.type }), file.name);
  const headers: Record<string, string> = { origin: options.origin ?? site.url };
  if (options.cookie) headers.cookie = options.cookie;
  return fetch(`${site.url}/api/admin/images`, { method: "POST", body: form, headers });
}

describe.each(getTestDatabaseKinds())("image uploads on $name", (kind) => {
  let site: TestSite;
  let uploadsDir: string;
  let cookie: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), "uploads-"));
    site = await startTestSite(await kind.create(), { UPLOADS_DIR: uploadsDir });
  });

  afterAll(async () => {
    await site?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await resetLoginThrottles(site);
    cookie = await logInCookie(site);
  });

  it("stores a PNG under a random name and serves it for good with the strict CSP", async () => {
    const response = await upload(
      site,
      { bytes: png, name: "../../evil name.png", type: "image/png" },
      { cookie },
    );
    expect(response.status).toBe(201);
    const { image } = (await response.json()) as { image: { url: string; bytes: number } };
    expect(image.url).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.png$/);
    expect(image.bytes).toBe(png.length);

    const served = await fetch(`${site.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const library = await fetch(`${site.url}/images`, { headers: { cookie } });
    expect(library.status).toBe(200);
    expect(await library.text()).toContain(image.url);
  });

  it("refuses an SVG, even one named .png, with 415 and stores nothing", async () => {
    const before = await readdir(uploadsDir);
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const name of ["logo.svg", "logo.png"]) {
      const response = await upload(site, { bytes: svg, name, type: "image/png" }, { cookie });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { message: string }).message).toBe(
        "Only PNG, JPEG and WebP images can be uploaded. SVG and other files are refused.",
      );
    }
    expect(await readdir(uploadsDir)).toEqual(before);
  });

  it("refuses a file whose bytes are not an image, whatever its name and type say", async () => {
    const response = await upload(
      site,
      {
        bytes: new TextEncoder().encode("MZ not a picture"),
        name: "photo.jpg",
        type: "image/jpeg",
      },
      { cookie },
    );
    expect(response.status).toBe(415);
  });

  it("refuses an image over 2 MB with 413, and an empty form with 400", async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(
      site,
      { bytes: big, name: "big.png", type: "image/png" },
      { cookie },
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      "The image is larger than 2 MB. Please upload a smaller file.",
    );

    const huge = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(
      site,
      { bytes: huge, name: "huge.png", type: "image/png" },
      { cookie },
    );
    expect(tooBig.status).toBe(413);

    const empty = await fetch(`${site.url}/api/admin/images`, {
      method: "POST",
      body: new FormData(),
      headers: { origin: site.url, cookie },
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(
      "Choose an image file to upload",
    );

    const json = await fetch(`${site.url}/api/admin/images`, {
      method: "POST",
      body: "{}",
      headers: { origin: site.url, cookie, "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
  });

  it("answers 401 without a session and 403 to another site; /images sends visitors to login", async () => {
    const anonymous = await upload(site, { bytes: png, name: "a.png", type: "image/png" });
    expect(anonymous.status).toBe(401);
    const crossSite = await upload(
      site,
      { bytes: png, name: "a.png", type: "image/png" },
      { cookie, origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);

    const page = await fetch(`${site.url}/images`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
  });
});
