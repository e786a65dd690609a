// Blocks the server drew as HTML: a fixed page's extra blocks (extra-blocks.server.tsx) and the
// parts of a built page that need no JavaScript (built-page-segments.server.tsx).
export function DrawnBlocks({ html }: { html: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by our own components on the server from sanitized blocks.
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
