// Renders rich text from the content store. It was sanitized on the server when saved
// (DESIGN.md section 7), so it is trusted HTML here.
import { cn } from "./cn";

export function RichText({ html, className }: { html: string; className?: string }) {
  const classes = cn("prose-content", className);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save with the editor's allow-list.
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Rich text inside a heading or a line: paragraph tags dropped, inline marks kept. */
export function InlineRichText({ html, className }: { html: string; className?: string }) {
  const inline = html.replace(/<\/p>\s*<p>/g, " ").replace(/<\/?p>/g, "");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save with the editor's allow-list.
  return <span className={className} dangerouslySetInnerHTML={{ __html: inline }} />;
}
