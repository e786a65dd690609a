// Search that finds "Zoë" for "zoe" and "ACME" for "acme" on SQLite and PostgreSQL alike: text is
// folded (accents stripped, lower-cased) here, in JavaScript, when it is stored and when it is
// searched, so neither engine needs collations or extensions and both match the same rows.

/** Lower-case text without accents or other combining marks ("Zoë Müller" → "zoe muller"). */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Most words of a query that are matched: enough for any real search, bounded for the database. */
const maxQueryWords = 8;

/**
 * The LIKE patterns of a query, one per word (each must match): folded, with LIKE's own
 * characters escaped by a backslash (use `escape '\'`).
 */
export function toSearchPatterns(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, maxQueryWords)
    .map((word) => `%${word.replace(/[\\%_]/g, "\\$&")}%`);
}
