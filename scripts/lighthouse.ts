// `npm run lighthouse [-- PATH... --runs N --photos]`: Lighthouse's four scores of every public
// page (mobile, median of 3) in the system Chromium, on a fresh built site (which has its sample
// /careers page built from blocks); --photos first uploads real photos as covers and inline
// images. A busy machine scores lower.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findFreePort } from "./free-port.ts";
import { makePhotoJpeg } from "./photos.ts";
import { loadServerBundle, root } from "./setup.ts";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "3" },
    photos: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);

const site = await loadServerBundle();

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// Known before the site boots, so SITE_URL (canonical links) names it.
const port = await findFreePort();
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "site-lighthouse-"));
// An admin of this run only, to upload and publish the photos.
const admin = { email: "lighthouse@example.com", password: randomBytes(18).toString("base64url") };
const services = await site.bootServices({
  DATABASE_URL: `file:${join(dataDir, "site.db")}`,
  LOG_LEVEL: "silent",
  PORT: String(port),
  SITE_URL: origin,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});
const server = createServer(
  site.createSiteApp(services, { mode: "production", clientDir: join(root, "build/client") }),
);
await new Promise<void>((resolve) => server.listen(port, resolve));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

/** Sends a signed-in admin's request; throws unless it answers `expected`. */
async function sendAsAdmin(
  cookie: string,
  method: string,
  path: string,
  body: FormData | object,
  expected: number,
  headers: Record<string, string> = {},
): Promise<Response> {
  const json = !(body instanceof FormData);
  const response = await fetch(`${origin}${path}`, {
    method,
    body: json ? JSON.stringify(body) : body,
    headers: {
      origin,
      cookie,
      ...(json ? { "content-type": "application/json" } : {}),
      ...headers,
    },
  });
  if (response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Signs this run's admin in: its session cookie, and an upload of a generated photo. */
async function signIn() {
  const login = await sendAsAdmin("", "POST", "/api/admin/login", admin, 200);
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const upload = async (width: number, height: number, name: string) => {
    const form = new FormData();
    const bytes = await makePhotoJpeg(width, height, width + height);
    form.append("image", new Blob([Uint8Array.from(bytes)], { type: "image/jpeg" }), name);
    const answer = await sendAsAdmin(cookie, "POST", "/api/admin/images", form, 201);
    return ((await answer.json()) as { image: { url: string } }).image.url;
  };
  return { cookie, upload };
}

/**
 * Uploads photos and places them: a new article (the newest, so the first card of /blog) with a
 * 2400 px cover and a 1600 px image in its text, and a 2000 px image on the first case study.
 */
async function addPhotos(): Promise<void> {
  const { cookie, upload } = await signIn();
  const cover = await upload(2400, 1600, "office-at-dusk.jpg");
  const inline = await upload(1600, 1067, "whiteboard.jpg");
  const studyImage = await upload(2000, 1334, "warehouse.jpg");
  await sendAsAdmin(
    cookie,
    "POST",
    "/api/admin/articles",
    {
      slug: "photos-measured",
      status: "published",
      publishAt: "",
      title: "Planning an Office Network Refresh",
      excerpt:
        "What to count, what to replace first and how to keep the office working while the network changes under it.",
      category: "Digital Transformation",
      authorName: "Ana Lopez",
      readTime: "",
      imageUrl: cover,
      imageAlt: "An office at dusk, its desks empty",
      seoDescription: "",
      body: `<p>Start with an inventory of every switch, access point and cable run.</p><figure data-size="full"><img src="${inline}" alt="A whiteboard with the floor plan" width="1600" height="1067" /><figcaption>The plan, floor by floor.</figcaption></figure><p>Then replace what fails most often, one floor per weekend.</p><figure data-size="inline"><img src="${inline}" alt="The floor plan, close" width="1600" height="1067" /></figure><p>Keep the old equipment until the new one has run a week without trouble.</p>`,
    },
    201,
  );
  const list = await fetch(`${origin}/api/admin/case-studies`, { headers: { cookie } });
  const { items } = (await list.json()) as {
    items: Array<{
      record: Record<string, unknown> & { id: string; testimonial: Record<string, unknown> };
      status: string;
      publishAt: string | null;
      version: number;
    }>;
  };
  const study = items.find((item) => item.status === "published");
  if (!study) throw new Error("no published case study to give a photo");
  const { id, testimonial, ...fields } = study.record;
  const { initials: _initials, ...writtenTestimonial } = testimonial;
  await sendAsAdmin(
    cookie,
    "PUT",
    `/api/admin/case-studies/${id}`,
    {
      ...fields,
      slug: id,
      status: study.status,
      publishAt: study.publishAt ?? "",
      testimonial: writtenTestimonial,
      imageUrl: studyImage,
      imageAlt: "Aisles of a warehouse under bright lights",
    },
    200,
    { "if-match": `"${study.version}"` },
  );
  console.log(
    `Photos placed: /blog/photos-measured (cover and text), /case-studies/${id} (image)\n`,
  );
}

/**
 * What Lighthouse says of a page's images. Lighthouse 13 folds "Properly size images"
 * (uses-responsive-images) and "Serve images in modern formats" (modern-image-formats) into
 * "Improve image delivery" (image-delivery-insight), one reason per image; older versions keep
 * the two audits. Each answer is the images flagged: none is a pass.
 */
function readImageAudits(lhr: {
  audits: Record<string, { score: number | null; details?: unknown }>;
}) {
  type Item = { url?: string; subItems?: { items?: Array<{ reason?: string }> } };
  const itemsOf = (id: string): Item[] =>
    (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
  if (lhr.audits["image-delivery-insight"]) {
    // Each flagged image with Lighthouse's reason (it names the file's and the displayed size).
    const flagged = (pattern: RegExp) =>
      itemsOf("image-delivery-insight").flatMap((item) =>
        (item.subItems?.items ?? [])
          .filter((sub) => pattern.test(sub.reason ?? ""))
          .map((sub) => `${item.url ?? ""}: ${sub.reason ?? ""}`),
      );
    return {
      sizes: flagged(/responsive|larger than it needs/i),
      formats: flagged(/modern|compression/i),
    };
  }
  const urls = (id: string) =>
    (lhr.audits[id]?.score ?? 1) >= 0.9 ? [] : itemsOf(id).map((item) => item.url ?? "");
  return { sizes: urls("uses-responsive-images"), formats: urls("modern-image-formats") };
}

let exitCode = 0;
try {
  if (values.photos) await addPhotos();
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths =
    positionals.length > 0
      ? positionals
      : [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  console.log(`Lighthouse ${runs === 1 ? "1 run" : `median of ${runs} runs`} per page, mobile\n`);
  const header = ["page", "perf", "a11y", "best", "seo", "LCP ms", "TBT ms", "sizes", "formats"];
  const rows: string[][] = [];
  /** Each image a run flagged, with the check it failed. */
  const flaggedImages = new Set<string>();
  for (const path of paths) {
    const scores: Record<Category, number[]> = {
      performance: [],
      accessibility: [],
      "best-practices": [],
      seo: [],
    };
    const lcp: number[] = [];
    const tbt: number[] = [];
    // An image check passes when no run flags an image.
    const flagged = { sizes: new Set<string>(), formats: new Set<string>() };
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...categories],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      for (const category of categories) {
        scores[category].push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      }
      lcp.push(result.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0);
      tbt.push(result.lhr.audits["total-blocking-time"]?.numericValue ?? 0);
      const images = readImageAudits(result.lhr);
      for (const check of ["sizes", "formats"] as const) {
        for (const url of images[check]) {
          flagged[check].add(url);
          flaggedImages.add(`${path}  ${check}  ${url}`);
        }
      }
    }
    const row = [
      path,
      ...categories.map((category) => String(median(scores[category]))),
      String(Math.round(median(lcp))),
      String(Math.round(median(tbt))),
      flagged.sizes.size === 0 ? "pass" : `FAIL ${flagged.sizes.size}`,
      flagged.formats.size === 0 ? "pass" : `FAIL ${flagged.formats.size}`,
    ];
    rows.push(row);
    console.log(row.join("  "));
  }
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  const format = (row: string[]) =>
    `| ${row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join(" | ")} |`;
  console.log(`\n${format(header)}`);
  console.log(
    `| ${widths.map((width, index) => (index === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`,
  );
  for (const row of rows) console.log(format(row));
  console.log(
    "\nsizes: Lighthouse's properly size images; formats: modern image formats (in Lighthouse 13 both are part of Improve image delivery).",
  );
  if (flaggedImages.size > 0) {
    console.log(`\nImages flagged:\n${[...flaggedImages].map((line) => `  ${line}`).join("\n")}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  chrome.kill();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await services.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
