// Reads a CSV of redirects exported from another site (WordPress's Redirection, Ghost, Webflow, a
// spreadsheet) or from this one: headers such as source,target,status or from,to,type in any
// order, or none (then the columns are old address, new address, status); comma, semicolon or tab
// separated. Writes the rules in the same format (source,target,status,match,query).
import { formatCsv } from "~/platform/csv";
import type { MatchKind, RedirectStatus } from "./redirect-address";
import type { RedirectRule } from "./redirect-table";

/** The most lines one import takes. */
export const maxImportLines = 5000;

export type CsvLine = {
  line: number;
  source: string;
  target: string;
  status: RedirectStatus;
  match?: MatchKind;
  dropQuery?: boolean;
};
export type CsvReading = { lines: CsvLine[]; errors: Array<{ line: number; message: string }> };

const headerNames = {
  source: [
    "source",
    "from",
    "old",
    "old url",
    "old path",
    "source url",
    "redirect from",
    "url",
    "origin",
    "path",
  ],
  target: [
    "target",
    "to",
    "new",
    "new url",
    "new path",
    "target url",
    "destination",
    "redirect to",
    "redirect",
  ],
  status: [
    "status",
    "type",
    "code",
    "http code",
    "status code",
    "redirect type",
    "action code",
    "http status",
  ],
  match: ["match", "match type", "kind"],
  query: ["query", "query string"],
  regex: ["regex", "regular expression"],
} as const;

type Column = keyof typeof headerNames;

/** Splits the text into rows of cells, quotes understood ("a ""b""", a line break inside quotes). */
function readRows(text: string, separator: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ""));
}

function guessSeparator(firstLine: string): string {
  const counts = [",", ";", "\t"].map(
    (separator) => [separator, firstLine.split(separator).length] as const,
  );
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[0] ?? ",";
}

/** The columns the header names, or undefined when the first row is not a header. */
function readHeader(cells: string[]): Partial<Record<Column, number>> | undefined {
  const found: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase().replace(/[_-]+/g, " ");
    for (const column of Object.keys(headerNames) as Column[]) {
      const names: readonly string[] = headerNames[column];
      if (found[column] === undefined && names.includes(name)) found[column] = index;
    }
  });
  return found.source !== undefined && found.target !== undefined ? found : undefined;
}

/** 301 for permanent kinds, 302 for temporary ones, 410 for gone; blank means 301. */
export function readStatus(raw: string): RedirectStatus | undefined {
  const value = raw.trim().toLowerCase();
  if (["", "301", "308", "permanent", "moved permanently", "redirect"].includes(value)) return 301;
  if (["302", "303", "307", "temporary", "found"].includes(value)) return 302;
  if (["410", "gone", "deleted"].includes(value)) return 410;
  return undefined;
}

export function readRedirectCsv(text: string): CsvReading {
  const body = text.replace(/^\uFEFF/, "");
  const separator = guessSeparator(body.split(/\r?\n/, 1)[0] ?? "");
  const rows = readRows(body, separator);
  const errors: CsvReading["errors"] = [];
  const lines: CsvLine[] = [];
  if (rows.length === 0) return { lines, errors: [{ line: 1, message: "The file has no lines" }] };
  const header = readHeader(rows[0]?.cells ?? []);
  const columns = header ?? { source: 0, target: 1, status: 2 };
  for (const row of header ? rows.slice(1) : rows) {
    if (lines.length + errors.length >= maxImportLines) {
      errors.push({
        line: row.line,
        message: `Only ${maxImportLines} lines are read in one import`,
      });
      break;
    }
    const cell = (column: Column) => {
      const index = columns[column];
      return index === undefined ? "" : (row.cells[index] ?? "").trim();
    };
    const regex = cell("regex").toLowerCase();
    if (regex === "1" || regex === "true" || regex === "yes") {
      errors.push({
        line: row.line,
        message: "Regular expressions are not read: write the addresses out",
      });
      continue;
    }
    const statusText = cell("status");
    const status = readStatus(statusText);
    if (!status) {
      errors.push({
        line: row.line,
        message: `"${statusText}" is not a redirect status: use 301, 302 or 410`,
      });
      continue;
    }
    const matchText = cell("match").toLowerCase();
    const match: MatchKind | undefined =
      matchText === "prefix" ? "prefix" : matchText === "exact" ? "exact" : undefined;
    const queryText = cell("query").toLowerCase();
    if (!["", "keep", "drop"].includes(queryText)) {
      errors.push({
        line: row.line,
        message: `"${cell("query")}" is not a query choice: use keep (pass it on) or drop`,
      });
      continue;
    }
    lines.push({
      line: row.line,
      source: cell("source"),
      target: cell("target"),
      status,
      ...(match ? { match } : {}),
      ...(queryText === "drop" ? { dropQuery: true } : {}),
    });
  }
  return { lines, errors };
}

/** The rules as a CSV this import reads back as they are: source,target,status,match,query. */
export function formatRedirectCsv(rules: readonly RedirectRule[]): string {
  return formatCsv([
    ["source", "target", "status", "match", "query"],
    ...rules.map((rule) => [
      rule.source,
      rule.target,
      String(rule.status),
      rule.match,
      rule.dropQuery ? "drop" : "keep",
    ]),
  ]);
}
