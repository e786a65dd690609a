// CSV for spreadsheets: cells quoted where needed and never run as formulas, lines ended CRLF.

/** One CSV cell; cells a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (the first one the header) as a CSV document. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(toCsvCell).join(",")).join("\r\n")}\r\n`;
}
