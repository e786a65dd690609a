// SVG logos and icons over HTTP against the built site and a real database (SQLite, and
// PostgreSQL when available): an uploaded SVG is stored without its scripts and handlers and
// served as SVG under the strict CSP; a malformed one is refused with 400 and a clear message;
// chosen on the Brand screen, the header shows the SVG itself while favicons, the apple-touch and
// manifest icons, the structured data's logo, the generated link cards' logo and a link card made
// from it are PNGs.
import { describe, expect, it } from "vitest";
import { publishBlockPage } from "../support/block-pages";
import { postBrandForm } from "../support/brand-form";
import { getTestDatabaseKinds } from "../support/databases";
import { postImage, uploadImage } from "../support/image-upload";
import { listPageImages } from "../support/picture-markup";
import { readPngSize } from "../support/png-bytes";
import { useSignedInUploadsSite } from "../support/uploads-site";

const svgFile = (text: string, name = "logo.svg") => ({
  bytes: new TextEncoder().encode(text),
  name,
  type: "image/svg+xml",
});

const hostileLogo = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="80" height="80" rx="16" fill="#0b1b36" onclick="alert(3)"/>
  <path d="M24 52 40 24l16 28" fill="none" stroke="#2dd4bf" stroke-width="8"/>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
  <rect x="100" y="28" width="120" height="24" rx="4" fill="#1d4ed8"/>
</svg>`;

const squareIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#be123c"/><script>alert(4)</script></svg>`;

describe.each(getTestDatabaseKinds())("SVG logos on $name", (engine) => {
  const suite = useSignedInUploadsSite(engine);

  const visit = async (path: string) => {
    const answer = await fetch(`${suite.site.url}${path}`);
    expect(answer.status, path).toBe(200);
    return answer;
  };
  const pngOf = async (path: string) => {
    const answer = await visit(path);
    expect(answer.headers.get("content-type"), path).toBe("image/png");
    return readPngSize(Buffer.from(await answer.arrayBuffer()));
  };
  /** An upload, new or already in the library (the tests share one site). */
  const placeSvg = async (text: string, name: string) => {
    const answer = await postImage(suite.site.url, svgFile(text, name), { cookie: suite.cookie });
    expect([200, 201], await answer.clone().text()).toContain(answer.status);
    return ((await answer.json()) as { image: { url: string } }).image.url;
  };
  const countUploads = async () =>
    (await suite.site.services.db.selectFrom("uploaded_images").select("name").execute()).length;

  it("stores an uploaded SVG without its scripts, handlers and outside references", async () => {
    const url = await uploadImage(suite.site.url, suite.cookie, svgFile(hostileLogo));
    expect(url).toMatch(/^\/images\/uploads\/[a-f0-9]{32}\.svg$/);
    const answer = await visit(url);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
    const stored = await answer.text();
    for (const gone of ["<script", "alert", "onload", "onclick", "foreignObject", "evil.example"]) {
      expect(stored, gone).not.toContain(gone);
    }
    expect(stored).toContain('d="M24 52 40 24l16 28"');
    const library = (await (
      await fetch(`${suite.site.url}/api/admin/images`, { headers: { cookie: suite.cookie } })
    ).json()) as { images: { url: string; width: number; height: number }[] };
    expect(library.images.find((image) => image.url === url)).toMatchObject({
      width: 240,
      height: 80,
    });
  });

  it("refuses a malformed SVG with 400 and says why, storing nothing", async () => {
    const before = await countUploads();
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0"',
      '<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="1" height="1"/></svg>',
    ]) {
      const answer = await postImage(suite.site.url, svgFile(text, "broken.svg"), {
        cookie: suite.cookie,
      });
      expect(answer.status, text).toBe(400);
      const { message } = (await answer.json()) as { message: string };
      expect(message).toMatch(/^The SVG could not be read: .+\. Please export it again/);
    }
    expect(await countUploads()).toBe(before);
  });

  it("shows an SVG logo in the header and makes PNGs of it and of an SVG icon where SVG cannot go", async () => {
    const logoUrl = await placeSvg(hostileLogo, "brand-logo.svg");
    const iconUrl = await placeSvg(squareIcon, "icon.svg");
    const iconId = /([a-f0-9]{32})/.exec(iconUrl)?.[1];
    const cardBefore = Buffer.from(await (await visit("/og/services.png")).arrayBuffer());
    const saved = await postBrandForm(suite.site.url, suite.cookie, { logoUrl, iconUrl });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const home = await (await visit("/")).text();
    // The header: the SVG itself, in a 40 px high box, no srcset.
    const logo = listPageImages(home).find((image) => image.img.src === logoUrl);
    expect(logo?.img).toMatchObject({ width: "120", height: "40" });
    expect(logo?.img.srcset).toBeUndefined();

    // Favicons, apple-touch and manifest icons: square PNGs drawn from the SVG.
    expect(home).toContain(`<link rel="icon" href="/brand/${iconId}/favicon-32.png"`);
    for (const [file, size] of [
      ["favicon-16.png", 16],
      ["favicon-32.png", 32],
      ["apple-touch-icon.png", 180],
      ["icon-512.png", 512],
    ] as const) {
      expect(await pngOf(`/brand/${iconId}/${file}`)).toEqual({ width: size, height: size });
    }

    // Structured data: a PNG of the logo, which search engines can fetch.
    const firm = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map(([, json = ""]) => JSON.parse(json) as { "@type"?: string; logo?: string })
      .find((entity) => entity["@type"] === "ProfessionalService");
    const structuredLogo = new URL(firm?.logo ?? "/", "http://unset").pathname;
    expect(structuredLogo).toMatch(/\.w640\.png$/);
    expect(await pngOf(structuredLogo)).toEqual({ width: 640, height: 213 });

    // The generated link cards show the logo (drawn as PNG) where the built-in mark was.
    const card = await visit("/og/services.png");
    expect(card.headers.get("content-type")).toBe("image/png");
    const cardAfter = Buffer.from(await card.arrayBuffer());
    expect(readPngSize(cardAfter)).toEqual({ width: 1200, height: 630 });
    expect(cardAfter.equals(cardBefore)).toBe(false);

    // A page whose link card is the SVG sends a 1280 px PNG of it to social sites.
    await publishBlockPage(suite.site, suite.cookie, {
      slug: "logo-card",
      title: "Our new look",
      blocks: [],
      seoImage: logoUrl,
    });
    const page = await (await visit("/logo-card")).text();
    const chosen = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(chosen).toMatch(/\.w1280\.png$/);
    expect((await pngOf(new URL(chosen).pathname)).width).toBe(1280);
  });
});
