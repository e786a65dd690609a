// The /services/{slug} key of a service title: lowercased, spaces to hyphens, other characters
// dropped, hyphens collapsed and trimmed ("IT Strategy & Consulting" is it-strategy-consulting).

export function toSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
