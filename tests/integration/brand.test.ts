// The Brand screen against the built site and a real database (SQLite, and PostgreSQL when
// available): a colour white text cannot be read on is refused with the measured ratio; a saved one
// shows in every public page's head and redraws the link previews; an uploaded icon becomes the
// favicons, apple-touch and manifest icons; a logo is served in its sizes; verification codes go
// into the head as meta tags and markup is refused; only the chosen fonts are requested.
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createAdmin } from "~/features/admin/admins/admins.server";
import { deriveBrandPalette } from "~/features/content/brand-palette";
import { defaultBrand } from "~/features/content/brand-schema";
import { getContent, logIn, postJsonAs, readSetCookie } from "../support/admin-requests";
import { emptyBrandForm, postBrandForm } from "../support/brand-form";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { postForm } from "../support/newsletter";
import { listPageImages, listSrcsetWidths } from "../support/picture-markup";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** The size a PNG's header declares (IHDR, right after the 8-byte signature). */
function readPngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The colour of a card's ground in its top left corner, away from its glows and texts. */
async function readCardGround(png: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(png)
    .extract({ left: 4, top: 4, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(3);
  return [data[0] ?? -1, data[1] ?? -1, data[2] ?? -1];
}

/** A pixel's colour is the #rrggbb given, give or take a rounding step of the gradient. */
function expectNearColor(pixel: [number, number, number], hex: string) {
  const wanted = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  for (const [index, value] of pixel.entries()) {
    expect(
      Math.abs(value - (wanted[index] ?? -1)),
      `${pixel.join(",")} ~ ${hex}`,
    ).toBeLessThanOrEqual(2);
  }
}

function drawPng(width: number, height: number, fill: string): Buffer {
  return new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${fill}"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffffff"/></svg>`,
  )
    .render()
    .asPng();
}

describe.each(getTestDatabaseKinds())("brand and search engines on $name", (engine) => {
  let site: TestSite;
  let cookie: string;

  useUploadsSite(engine, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  const visit = async (path: string) => {
    const answer = await fetch(`${site.url}${path}`);
    expect(answer.status, path).toBe(200);
    return answer;
  };
  const html = async (path: string) => (await visit(path)).text();
  const bytes = async (path: string) => Buffer.from(await (await visit(path)).arrayBuffer());

  /** Posts the Brand screen's form as a browser without JavaScript would. */
  const postBrand = (fields: Partial<typeof emptyBrandForm>, as = cookie) =>
    postBrandForm(site.url, as, fields);

  it("refuses a primary colour white text fails on, with the measured ratio, and keeps the old", async () => {
    const before = await getContent(site);
    const refused = await postBrand({ primaryColor: "#FFCC00" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "White text on #ffcc00 has a contrast of 1.5:1; it needs at least 4.5:1",
    );
    // The content API refuses the same section the same way.
    const api = await postJsonAs(
      site,
      "/api/content",
      { content: { brand: { ...defaultBrand, accentColor: "#22d3ee" } } },
      { cookie },
    );
    expect(api.status).toBe(400);
    expect((await api.json()).message).toContain("White text on #22d3ee has a contrast of 1.8:1");
    const after = await getContent(site);
    expect(after.etag).toBe(before.etag);
    expect(await html("/about")).toContain(`--color-primary:${defaultBrand.primaryColor}`);
  });

  it("refuses colours white text passes on whose bands the site makes from them would be hard to read", async () => {
    const before = await getContent(site);
    const refused = await postBrand({ primaryColor: "#1A73E8", accentColor: "#1a73e8" });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain(
      "Primary-coloured text on the page headers&#x27; light wash (#f1f7fe, made from this colour) has a contrast of 4.2:1",
    );
    expect(text).toContain("Accent-coloured text on the accent&#x27;s light badges");
    const api = await postJsonAs(
      site,
      "/api/content",
      { content: { brand: { ...defaultBrand, primaryColor: "#1a73e8" } } },
      { cookie },
    );
    expect(api.status).toBe(400);
    expect((await api.json()).message).toContain(
      "Primary-coloured text on the page headers' light wash",
    );
    expect((await getContent(site)).etag).toBe(before.etag);
  });

  it("shows a saved colour on every public page and in the link previews, logged and in history", async () => {
    const cardBefore = await bytes("/og/services.png");
    const saved = await postBrand({ primaryColor: "#6D28D9", accentColor: "#9f1239" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    for (const path of ["/", "/about", "/services", "/contact", "/blog"]) {
      const page = await html(path);
      expect(page, path).toContain("--color-primary:#6d28d9");
      expect(page, path).toContain("--color-accent:#9f1239");
      // The dark bands and light washes are made from them too.
      const palette = deriveBrandPalette({ primaryColor: "#6d28d9", accentColor: "#9f1239" });
      expect(page, path).toContain(`--color-navy:${palette.navy}`);
      expect(page, path).toContain(`--color-tint:${palette.tint}`);
      expect(page, path).toContain(`--color-accent-light:${palette.accentLight}`);
      // A phone's toolbar takes the primary colour, as the web manifest says.
      expect(page, path).toContain('<meta name="theme-color" content="#6d28d9"/>');
      expect(page.match(/name="theme-color"/g), path).toHaveLength(1);
    }
    const cardAfter = await bytes("/og/services.png");
    expect(readPngSize(cardAfter)).toEqual({ width: 1200, height: 630 });
    expect(cardAfter.equals(cardBefore)).toBe(false);
    // The card's ground is the dark bands' colour of the brand, as the footer's is.
    const before = deriveBrandPalette(defaultBrand).navy;
    const after = deriveBrandPalette({ primaryColor: "#6d28d9", accentColor: "#9f1239" }).navy;
    expect(after).not.toBe(before);
    expectNearColor(await readCardGround(cardBefore), before);
    expectNearColor(await readCardGround(cardAfter), after);

    const { db } = site.services;
    const entry = await db
      .selectFrom("admin_activity")
      .select(["action", "detail"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe("content-save");
    expect(String(entry.detail)).toContain("brand");
    const revision = await db
      .selectFrom("content_revisions")
      .select("document")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(revision.document).brand.primaryColor).toBe("#6d28d9");
  });

  it("makes the favicons, apple-touch and manifest icons from one uploaded icon, and shows the logo in its sizes", async () => {
    const iconUrl = await uploadImage(site.url, cookie, {
      bytes: drawPng(600, 600, "#be123c"),
      name: "icon.png",
      type: "image/png",
    });
    const logoUrl = await uploadImage(site.url, cookie, {
      bytes: drawPng(480, 160, "#0f172a"),
      name: "logo.png",
      type: "image/png",
    });
    const id = /([a-f0-9]{32})/.exec(iconUrl)?.[1];
    const logoId = /([a-f0-9]{32})/.exec(logoUrl)?.[1];
    const saved = await postBrand({ iconUrl, logoUrl });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const home = await html("/");
    expect(home).toContain(`<link rel="icon" href="/brand/${id}/favicon-32.png"`);
    expect(home).toContain(`<link rel="icon" href="/brand/${id}/favicon-16.png"`);
    expect(home).toContain(`<link rel="apple-touch-icon" href="/brand/${id}/apple-touch-icon.png"`);
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(home).not.toContain('href="/favicon.svg"');
    // The header's logo: the upload's sizes (320 covers its 120 px box at 2x), 40 px high.
    const logo = listPageImages(home).find((image) => image.img.src?.includes(logoId ?? "-"));
    expect(logo?.img).toMatchObject({ width: "120", height: "40" });
    expect(listSrcsetWidths(logo?.img.srcset)).toEqual([320, 480]);
    // Search engines are given the same logo in the firm's structured data, and can fetch it.
    const structured = [
      ...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map(([, json = ""]) => JSON.parse(json) as { "@type"?: string; logo?: string });
    const firm = structured.find((entity) => entity["@type"] === "ProfessionalService");
    expect(new URL(firm?.logo ?? "/", "http://unset").pathname).toBe(logo?.img.src);
    const logoFile = await fetch(`${site.url}${logo?.img.src}`);
    expect(logoFile.status).toBe(200);
    expect(logoFile.headers.get("content-type")).toMatch(/^image\//);

    const sizes = {
      "favicon-16.png": 16,
      "favicon-32.png": 32,
      "apple-touch-icon.png": 180,
      "icon-192.png": 192,
      "icon-512.png": 512,
    };
    for (const [file, size] of Object.entries(sizes)) {
      const answer = await visit(`/brand/${id}/${file}`);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("cache-control")).toContain("immutable");
      expect(readPngSize(Buffer.from(await answer.arrayBuffer()))).toEqual({
        width: size,
        height: size,
      });
    }
    const manifestAnswer = await visit("/manifest.webmanifest");
    expect(manifestAnswer.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = await manifestAnswer.json();
    expect(manifest.icons).toEqual([
      { src: `/brand/${id}/icon-192.png`, sizes: "192x192", type: "image/png" },
      { src: `/brand/${id}/icon-512.png`, sizes: "512x512", type: "image/png" },
    ]);
    // Another upload's id, or a file name not offered, draws nothing.
    expect((await fetch(`${site.url}/brand/${logoId}/icon-192.png`)).status).toBe(404);
    expect((await fetch(`${site.url}/brand/${id}/icon-64.png`)).status).toBe(404);

    // Back to the built-in icon: its own files, and the SVG again.
    expect((await postBrand({})).status).toBe(200);
    const plain = await html("/");
    expect(plain).toContain('href="/favicon.svg"');
    expect(plain).toContain('href="/brand/mark-1/apple-touch-icon.png"');
    expect(readPngSize(await bytes("/brand/mark-1/icon-512.png"))).toEqual({
      width: 512,
      height: 512,
    });
  });

  it("refuses a logo that is not in the image library", async () => {
    const refused = await postBrand({ logoUrl: `/images/uploads/${"a".repeat(32)}.png` });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The logo is no longer in the image library");
  });

  it("puts verification codes in the head and refuses markup", async () => {
    const saved = await postBrand({
      googleVerification: "abc_DEF-123xyz",
      bingVerification: "0123456789ABCDEF0123456789ABCDEF",
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const page = await html("/services");
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain('<meta name="google-site-verification" content="abc_DEF-123xyz"/>');
    expect(head).toContain(
      '<meta name="msvalidate.01" content="0123456789ABCDEF0123456789ABCDEF"/>',
    );

    for (const hostile of [
      '"><script>alert(1)</script>',
      '<meta name="google-site-verification" content="abc" />',
      "abc def",
    ]) {
      const refused = await postBrand({ googleVerification: hostile });
      expect(refused.status, hostile).toBe(400);
      expect(await refused.text()).toContain("Paste only the code");
    }
    const api = await postJsonAs(
      site,
      "/api/content",
      { content: { searchEngines: { googleVerification: "x\"'<>", bingVerification: "" } } },
      { cookie },
    );
    expect(api.status).toBe(400);
    expect(await html("/services")).toContain('content="abc_DEF-123xyz"');
  });

  it("keeps the verification codes an owner's: an editor neither sees nor sets them", async () => {
    const owned = { googleVerification: "owners-google-code", bingVerification: "OWNERSBING" };
    expect((await postBrand(owned)).status).toBe(200);
    const editor = { email: "brand-editor@example.com", password: "an editor's long password" };
    await createAdmin(site.services.db, { ...editor, role: "editor" });
    const editorCookie = readSetCookie(await logIn(site, editor)) ?? "";
    expect(editorCookie).not.toBe("");

    const screen = await fetch(`${site.url}/admin/brand`, { headers: { cookie: editorCookie } });
    expect(screen.status).toBe(200);
    const screenHtml = await screen.text();
    expect(screenHtml).toContain("Primary colour");
    expect(screenHtml).not.toContain("Search engines");
    expect(screenHtml).not.toContain('name="googleVerification"');

    // Through the Brand screen's post and through the content API alike.
    const viaForm = await postBrand(
      { googleVerification: "editors-code", bingVerification: "" },
      editorCookie,
    );
    expect(viaForm.status).toBe(403);
    expect(await viaForm.text()).toContain("Only an owner can do this");
    const current = await getContent(site);
    const viaApi = await postJsonAs(
      site,
      "/api/content",
      { content: { searchEngines: { googleVerification: "editors-code", bingVerification: "" } } },
      { cookie: editorCookie },
    );
    expect(viaApi.status).toBe(403);
    expect((await viaApi.json()).message).toBe("Only an owner can do this");
    // The editor's own form (no codes) and the whole document sent back unchanged still save.
    const { googleVerification: _g, bingVerification: _b, ...editorForm } = emptyBrandForm;
    const colours = await fetch(`${site.url}/admin/brand`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: site.url,
        cookie: editorCookie,
      },
      body: new URLSearchParams({ ...editorForm, primaryColor: "#6d28d9" }).toString(),
    });
    expect(colours.status, await colours.clone().text()).toBe(200);
    const whole = await postJsonAs(
      site,
      "/api/content",
      { content: current.content },
      { cookie: editorCookie },
    );
    expect(whole.status, await whole.clone().text()).toBe(200);
    const page = await html("/services");
    expect(page).toContain('<meta name="google-site-verification" content="owners-google-code"/>');
    expect(page).toContain('<meta name="msvalidate.01" content="OWNERSBING"/>');
    expect(page).not.toContain("editors-code");
  });

  it("keeps the owner's verification codes when an editor restores an older revision", async () => {
    const restoredTagline = "A tagline from before the codes changed";
    const first = await postJsonAs(
      site,
      "/api/content",
      {
        content: {
          general: { ...(await getContent(site)).content.general, tagline: restoredTagline },
        },
      },
      { cookie },
    );
    expect(first.status).toBe(200);
    const oldVersion = Number(((await first.json()) as { version: number }).version);
    expect(
      (await postBrand({ googleVerification: "old-google", bingVerification: "" })).status,
    ).toBe(200);
    const owned = { googleVerification: "owners-new-google", bingVerification: "OWNERSNEWBING" };
    expect((await postBrand(owned)).status).toBe(200);
    const older = (await getContent(site)).content.searchEngines;
    expect(older).toMatchObject(owned);

    const editor = { email: "restoring-editor@example.com", password: "an editor's long password" };
    await createAdmin(site.services.db, { ...editor, role: "editor" });
    const editorCookie = readSetCookie(await logIn(site, editor)) ?? "";
    const { etag } = await getContent(site);
    const restore = await postForm(site.url, `/admin/history/content/${oldVersion}`, editorCookie, {
      expectedVersion: etag.replaceAll('"', ""),
    });
    expect(restore.status, await restore.clone().text()).toBe(302);

    const after = (await getContent(site)).content;
    expect(after.general.tagline).toBe(restoredTagline);
    expect(after.searchEngines).toEqual(older);
    const page = await html("/services");
    expect(page).toContain('<meta name="google-site-verification" content="owners-new-google"/>');
    expect(page).toContain('<meta name="msvalidate.01" content="OWNERSNEWBING"/>');
  });

  it("requests only the chosen fonts, self-hosted and cached for good", async () => {
    expect((await postBrand({ headingFont: "lora", bodyFont: "ibm-plex-sans" })).status).toBe(200);
    const page = await html("/");
    const lora = /href="(\/fonts\/lora\/[0-9.]+\/700\.woff2)"/.exec(page)?.[1];
    const plex = /href="(\/fonts\/ibm-plex-sans\/[0-9.]+\/400\.woff2)"/.exec(page)?.[1];
    expect(lora).toBeDefined();
    expect(plex).toBeDefined();
    expect(page).toContain('rel="preload"');
    expect(page).not.toContain("/fonts/inter/");
    expect(page).not.toContain("/fonts/manrope/");
    const font = await visit(lora ?? "");
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect(font.headers.get("cache-control")).toContain("immutable");
    expect(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("wOF2");
    for (const missing of [
      "/fonts/comic-sans/5.0.0/400.woff2",
      "/fonts/lora/0.0.1/400.woff2",
      "/fonts/lora/5.0.0/900.woff2",
    ]) {
      expect((await fetch(`${site.url}${missing}`)).status, missing).toBe(404);
    }
  });
});
