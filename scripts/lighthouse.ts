// `npm run lighthouse [-- PATH... --runs N]`: Lighthouse's four scores (performance,
// accessibility, best practices, SEO) of every public page, mobile with simulated throttling, the
// median of 3 runs each. It builds when needed, starts the built site with a fresh database and
// drives the system Chromium (CHROME_PATH, else /usr/bin/chromium); nothing is downloaded.
// Scores on a machine busy with other work come out lower: read them on a quiet one.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findFreePort } from "./free-port.ts";
import { loadServerBundle, root } from "./setup.ts";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "3" } },
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
const services = await site.bootServices({
  DATABASE_URL: `file:${join(dataDir, "site.db")}`,
  LOG_LEVEL: "silent",
  PORT: String(port),
  SITE_URL: origin,
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

let exitCode = 0;
try {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths =
    positionals.length > 0
      ? positionals
      : [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  console.log(`Lighthouse ${runs === 1 ? "1 run" : `median of ${runs} runs`} per page, mobile\n`);
  const header = ["page", "perf", "a11y", "best", "seo", "LCP ms", "TBT ms"];
  const rows: string[][] = [];
  for (const path of paths) {
    const scores: Record<Category, number[]> = {
      performance: [],
      accessibility: [],
      "best-practices": [],
      seo: [],
    };
    const lcp: number[] = [];
    const tbt: number[] = [];
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
    }
    const row = [
      path,
      ...categories.map((category) => String(median(scores[category]))),
      String(Math.round(median(lcp))),
      String(Math.round(median(tbt))),
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
