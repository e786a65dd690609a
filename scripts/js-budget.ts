// The public pages' JavaScript budget, measured on a running built site: per page, the gzipped
// scripts a first view loads, followed through their static imports. Used by `npm run size` and by
// the integration test that holds the budget. Node built-ins only.
import { gzipSync } from "node:zlib";

/** At most this many gzipped bytes of JavaScript per public page. */
export const budgetBytes = 130 * 1024;

/** Code that only the admin editor may load: TipTap and ProseMirror. */
const editorCode = /tiptap|prosemirror/i;

export type ScriptFile = { url: string; bytes: number; gzipBytes: number; editor: boolean };
export type PageReport = {
  path: string;
  status: number;
  files: ScriptFile[];
  gzipBytes: number;
};

/** The address of the page built from every kind of block, which the budget holds too. */
export const everyBlockPath = "/every-block";

/** One block of each kind a page can hold, each with something to show. */
export const everyBlock = [
  { type: "hero", id: "b1", heading: "Every block", text: "A page with one block of each kind." },
  { type: "richText", id: "b2", body: "<p>Formatted <strong>text</strong>.</p>" },
  { type: "imageText", id: "b3", heading: "Image with text", body: "<p>Beside it.</p>" },
  { type: "services", id: "b4", heading: "Services" },
  { type: "caseStudies", id: "b5", heading: "Case studies" },
  { type: "articles", id: "b6", heading: "Articles" },
  {
    type: "testimonials",
    id: "b7",
    heading: "Testimonials",
    items: [{ quote: "Plain answers.", name: "Dana Ortiz" }],
  },
  { type: "figures", id: "b8", items: [{ value: "15+", label: "Years" }] },
  { type: "cta", id: "b9", heading: "Talk to us", buttonLabel: "Contact", buttonHref: "/contact" },
  { type: "faq", id: "b10", heading: "FAQ", items: [{ question: "Why?", answer: "Because." }] },
  { type: "contact", id: "b11", heading: "Write to us" },
  { type: "newsletter", id: "b12" },
  { type: "booking", id: "b13", heading: "Book a call" },
];

/** Publishes the every-block page through the admin API, signed in as the given admin. */
export async function addEveryBlockPage(
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<void> {
  const headers = { origin: baseUrl, "content-type": "application/json" };
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers,
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`signing in answered ${login.status}`);
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const page = {
    slug: everyBlockPath.slice(1),
    status: "published",
    publishAt: "",
    title: "Every block",
    blocks: everyBlock,
    seoDescription: "",
  };
  const saved = await fetch(`${baseUrl}/api/admin/pages`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify(page),
  });
  if (saved.status !== 201) {
    throw new Error(`the every-block page answered ${saved.status}: ${await saved.text()}`);
  }
}

/**
 * The pages to measure, from the site's own sitemap: every fixed page plus the first service,
 * case study and article (the others share their page's code).
 */
export async function listBudgetPages(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`/sitemap.xml answered ${response.status}`);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );
  const firstOf = new Set<string>();
  return paths.filter((path) => {
    const group = /^\/(services|case-studies|blog)\/[^/]+$/.exec(path)?.[1];
    if (!group) return true;
    if (firstOf.has(group)) return false;
    firstOf.add(group);
    return true;
  });
}

/** Script addresses a page's HTML loads on first view. */
export function findPageScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(match[1] ?? "");
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (!/\brel="modulepreload"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) found.add(href);
  }
  for (const match of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const specifier of findStaticImports(match[1] ?? "")) found.add(specifier);
  }
  found.delete("");
  return [...found];
}

/** The specifiers of a module's static imports (not dynamic import(), which loads later). */
export function findStaticImports(code: string): string[] {
  const specifiers = new Set<string>();
  const patterns = [
    /\bimport\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) specifiers.add(match[1] ?? "");
  }
  specifiers.delete("");
  return [...specifiers];
}

/** Measures one page: its scripts and everything they import statically, each file once. */
export async function measurePage(
  baseUrl: string,
  path: string,
  cache = new Map<string, Promise<{ code: string; file: ScriptFile }>>(),
): Promise<PageReport> {
  const response = await fetch(`${baseUrl}${path}`);
  const html = await response.text();
  const pageUrl = new URL(path, baseUrl);
  const seen = new Set<string>();
  const files: ScriptFile[] = [];
  const queue = findPageScripts(html).map((src) => new URL(src, pageUrl).href);
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url) || new URL(url).origin !== pageUrl.origin) continue;
    seen.add(url);
    let entry = cache.get(url);
    if (!entry) {
      entry = fetchScript(url);
      cache.set(url, entry);
    }
    const { code, file } = await entry;
    files.push(file);
    for (const specifier of findStaticImports(code)) {
      if (/^(\.{0,2}\/)/.test(specifier)) queue.push(new URL(specifier, url).href);
    }
  }
  return {
    path,
    status: response.status,
    files,
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

async function fetchScript(url: string): Promise<{ code: string; file: ScriptFile }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const code = body.toString("utf8");
  const name = new URL(url).pathname;
  return {
    code,
    file: {
      url: name,
      bytes: body.length,
      gzipBytes: gzipSync(body).length,
      editor: editorCode.test(name) || editorCode.test(code),
    },
  };
}

export async function measureSite(baseUrl: string): Promise<PageReport[]> {
  const cache = new Map<string, Promise<{ code: string; file: ScriptFile }>>();
  const reports: PageReport[] = [];
  for (const path of await listBudgetPages(baseUrl)) {
    reports.push(await measurePage(baseUrl, path, cache));
  }
  return reports;
}

/** What breaks the budget: pages over it, and pages that load editor code. */
export function findBudgetProblems(reports: readonly PageReport[], limit = budgetBytes): string[] {
  const problems: string[] = [];
  for (const report of reports) {
    if (report.gzipBytes > limit) {
      problems.push(
        `${report.path} loads ${formatKb(report.gzipBytes)} of JavaScript gzipped, over the ${formatKb(limit)} budget`,
      );
    }
    for (const file of report.files.filter((candidate) => candidate.editor)) {
      problems.push(`${report.path} loads editor code: ${file.url}`);
    }
  }
  return problems;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A plain-text table: one row per page with its status, file count and gzipped total. */
export function formatReportTable(reports: readonly PageReport[], limit = budgetBytes): string {
  const rows = reports.map((report) => [
    report.path,
    String(report.status),
    String(report.files.length),
    formatKb(report.gzipBytes),
    `${Math.round((report.gzipBytes / limit) * 100)}%`,
  ]);
  const header = ["page", "status", "files", "JS gzipped", "of budget"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  return [
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
    `Budget: ${formatKb(limit)} gzipped per page (1 KB = 1024 bytes).`,
  ].join("\n");
}
