// Renders rich text from the content store. It was sanitized on the server when saved
//, so it is trusted HTML here; images load lazily and a table scrolls inside
// its own focusable box, so a wide one never widens the page on a phone.
import { cn } from "../../ui/cn";

/** The stored HTML as shown: lazy images, and each table in a box of its own that scrolls. */
export function prepareRichTextForDisplay(html: string): string {
  return html
    .replace(/<img /g, '<img loading="lazy" decoding="async" ')
    .replace(
      /<table>/g,
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table>',
    )
    .replace(/<\/table>/g, "</table></div>");
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const classes = cn("prose-content", className);
  return (
    <div
      className={classes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save with the editor's allow-list.
      dangerouslySetInnerHTML={{ __html: prepareRichTextForDisplay(html) }}
    />
  );
}

/** Rich text inside a heading or a line: paragraph tags dropped, inline marks kept. */
export function InlineRichText({ html, className }: { html: string; className?: string }) {
  const inline = html.replace(/<\/p>\s*<p>/g, " ").replace(/<\/?p>/g, "");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save with the editor's allow-list.
  return <span className={className} dangerouslySetInnerHTML={{ __html: inline }} />;
}
