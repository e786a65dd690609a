// The /services/{slug} key of a service title: the spec's rule, plus
// collapsing and trimming hyphens so "IT Strategy & Consulting" becomes it-strategy-consulting.

export function toSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
