// Where a fixed page shows its extra blocks: the HTML the server drew (extra-blocks.server.tsx).
export function ExtraBlocks({ html }: { html: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by our own components on the server from sanitized blocks.
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
