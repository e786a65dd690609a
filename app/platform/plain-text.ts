// Between rich text and plain text: the words of an HTML fragment, and text made safe to put in
// HTML.
/** Plain text of a rich-text fragment, for previews and meta descriptions. */
export function toPlainText(html: string): string {
  return (
    html
      .replace(/<\/?(?:p|h[1-6]|li|ul|ol|br|div)\b[^>]*>/gi, " ")
      // Inline marks (strong, em, a, s) sit inside words and before punctuation: no space.
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&#x27;/g, "'")
      // Last, so "&amp;lt;" stays the text "&lt;".
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Text with the characters HTML reads as markup escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
