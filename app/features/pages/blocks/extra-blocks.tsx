// Blocks the server drew as HTML: a fixed page's extra blocks (extra-blocks.server.tsx) and the
// parts of a built page that need no JavaScript (built-page-segments.server.tsx), given as HTML or,
// in a document render, held apart from the page's data (`held`, platform/document/held-html).
import { useHeldHtml } from "~/platform/document/held-html";

export function DrawnBlocks({ html, held }: { html?: string; held?: string }) {
  const heldHtml = useHeldHtml(held);
  if (held !== undefined) {
    return (
      <div
        // The browser's render has no HTML for it: React leaves the server's in place.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by our own components on the server from sanitized blocks.
        dangerouslySetInnerHTML={{ __html: heldHtml }}
        suppressHydrationWarning
      />
    );
  }
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by our own components on the server from sanitized blocks.
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
