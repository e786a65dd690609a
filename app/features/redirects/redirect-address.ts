// How redirect addresses are read and compared: a rule's source and a request's path meet in one
// form (lower case, no trailing or doubled slash, query pairs sorted), whatever the owner typed or
// another site exported. Shared by the server and the redirects screen.
import { findLinkCharacterProblem, findSiteAddressProblem } from "~/platform/http/site-address";
import { z } from "~/platform/zod";

export const redirectStatuses = [301, 302, 410] as const;
export type RedirectStatus = (typeof redirectStatuses)[number];
export type MatchKind = "exact" | "prefix";

export const statusLabels: Record<RedirectStatus, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  410: "410 Gone",
};

/** A source in its one form: `/old-page`, `/?page_id=42`; query pairs sorted, empty when none. */
export type SourceAddress = { path: string; query: string };

/** Paths the site itself needs: a rule there could lock the owner out or break the pages. */
const reservedPrefixes = [
  "/admin",
  "/api",
  "/assets",
  "/images/uploads",
  "/__",
  "/healthz",
  "/readyz",
  "/edit",
  "/content",
  "/images",
  "/working-editor",
];

/** True for the site's own addresses, which no rule may take over. */
export function isReservedPath(path: string): boolean {
  return reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A path in the form rules and requests are compared in. */
export function normalizePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {}
  const collapsed = decoded.replace(/\/{2,}/g, "/").toLowerCase();
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") || "/" : collapsed;
}

/** Query pairs sorted by name, empty values dropped ("b=2&a=1" reads "a=1&b=2"). */
export function normalizeQuery(query: string): string {
  const pairs = [...new URLSearchParams(query)].filter(([, value]) => value !== "");
  pairs.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return pairs.map(([name, value]) => `${name}=${value}`).join("&");
}

/** A source as written (a path, a full URL of the old site, `*` at the end for a prefix). */
export type ParsedSource = { address: SourceAddress; match: MatchKind };

/** Reads a source, or says in words why it cannot be one. */
export function parseSource(raw: string, match?: MatchKind): ParsedSource | { error: string } {
  let text = raw.trim();
  if (!text) return { error: "Enter the old address, starting with /" };
  // Checked as typed: the URL parser below would drop a tab and turn a backslash into /.
  const typed = findLinkCharacterProblem(text);
  if (typed) return { error: `"${raw.trim()}": ${typed}` };
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      text = `${url.pathname}${url.search}`;
    } catch {
      return { error: `"${raw}" is not an address` };
    }
  }
  if (!text.startsWith("/")) {
    return { error: `"${raw}" must start with / (an address of this site)` };
  }
  const problem = findSiteAddressProblem(text);
  if (problem) return { error: `"${raw}": ${problem}` };
  if (/[\s#<>"^`{|}]/.test(text)) return { error: `"${raw}" holds characters an address cannot` };
  if (text.length > 500) return { error: "The old address is longer than 500 characters" };
  let kind: MatchKind = match ?? "exact";
  if (text.endsWith("*")) {
    kind = "prefix";
    text = text.slice(0, -1);
  }
  if (text.includes("*")) return { error: `"${raw}": only one * at the very end is understood` };
  const queryAt = text.indexOf("?");
  const path = normalizePath(queryAt === -1 ? text : text.slice(0, queryAt));
  const query = queryAt === -1 ? "" : normalizeQuery(text.slice(queryAt + 1));
  if (kind === "prefix" && query) {
    return { error: "A prefix rule matches paths only: leave out the ? part" };
  }
  if (kind === "prefix" && path === "/") {
    return { error: "A prefix rule for / would send every address of the site away" };
  }
  if (isReservedPath(path)) return { error: `${path} is an address the site itself needs` };
  return { address: { path, query }, match: kind };
}

/** The source as the screen shows it and the table keeps it. */
export function formatSource(address: SourceAddress): string {
  return address.query ? `${address.path}?${address.query}` : address.path;
}

/**
 * The site's own host names, www. left off: SITE_URL's and the one the admin reached it by. An
 * address there, http or https, with www. or not, is a path of this site.
 */
export type OwnHosts = ReadonlySet<string>;

const withoutWww = (hostname: string) => hostname.toLowerCase().replace(/^www\./, "");

export function readOwnHosts(origins: readonly string[]): OwnHosts {
  const hosts = new Set<string>();
  for (const origin of origins) {
    try {
      hosts.add(withoutWww(new URL(origin).hostname));
    } catch {}
  }
  return hosts;
}

export const targetMessage =
  "The target must be a path of this site (starting with /) or an http(s) address";

export type ParsedTarget = { internal: boolean; target: string } | { error: string };

/**
 * A target as written: a path of this site or an http(s) URL. A URL of the site's own origin is
 * read as its path, so loops and chains through it are seen and the visitor stays on the host
 * they came by.
 */
export function parseTarget(raw: string, ownHosts: OwnHosts = new Set()): ParsedTarget {
  const text = raw.trim();
  if (text.startsWith("/")) {
    const problem =
      findSiteAddressProblem(text) ??
      (/[\s<>"]/.test(text) ? `"${text}" holds characters an address cannot` : undefined);
    return problem ? { error: problem } : { internal: true, target: text };
  }
  if (!/^https?:\/\//i.test(text)) return { error: targetMessage };
  const typed = findLinkCharacterProblem(text);
  if (typed) return { error: typed };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: targetMessage };
  }
  if (ownHosts.has(withoutWww(url.hostname))) {
    return parseTarget(`${url.pathname}${url.search}${url.hash}`);
  }
  return { internal: false, target: url.href };
}

/** The form's input: one schema for the add and edit forms. */
export const redirectRuleSchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    source: z.string().trim().min(1, "Enter the old address, starting with /").max(500),
    match: z.enum(["exact", "prefix"]).default("exact"),
    target: z.string().trim().max(2000).default(""),
    status: z.coerce
      .number()
      .refine((value): value is RedirectStatus => redirectStatuses.some((s) => s === value), {
        message: "Choose 301, 302 or 410",
      }),
    confirmShadow: z.enum(["on", ""]).optional(),
    /** Ticked: the visitor's query string is not passed on to the target. */
    dropQuery: z.enum(["on", ""]).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 410) return;
    const parsed = input.target ? parseTarget(input.target) : undefined;
    if (!input.target) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "Enter where the address goes" });
    } else if (parsed && "error" in parsed) {
      ctx.addIssue({ code: "custom", path: ["target"], message: parsed.error });
    }
  });
export type RedirectRuleInput = z.infer<typeof redirectRuleSchema>;
