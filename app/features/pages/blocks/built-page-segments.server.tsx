// A built page drawn for its route: the blocks that need no JavaScript become HTML here, and only
// the interactive ones (contact form, newsletter, booking) are left to the page's own components.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Block } from "~/capabilities/blocks/page-blocks";
import { PageHeader } from "~/ui/sections/page-header";
import { BlockView, hasBlockContent, isScriptBlock } from "./block-list.server";
import type { BlocksData } from "./block-registry.server";

/**
 * A run of blocks drawn as HTML (or, in a document render, the key it is held under), or one
 * block the browser's code draws.
 */
export type PageSegment = { html: string } | { held: string } | { block: Block };

/**
 * The segments as a document render sends them: each run of HTML held apart from the page's data
 * (the document carries it once, as HTML). A data request's answer keeps the HTML in.
 */
export function holdDrawnHtml(
  segments: readonly PageSegment[],
  heldHtml: Map<string, string> | undefined,
): PageSegment[] {
  if (!heldHtml) return [...segments];
  return segments.map((segment, index) => {
    if (!("html" in segment)) return segment;
    const key = `built-${index}`;
    heldHtml.set(key, segment.html);
    return { held: key };
  });
}

/** Whether a page's blocks hold questions: the page is then an FAQPage. */
export function hasQuestions(blocks: readonly Block[]): boolean {
  return blocks.some((block) => block.type === "faq" && block.items.length > 0);
}

/**
 * The page's blocks with something to show, in order. A hero opening the page is its h1; a page
 * without one gets its title as the page header.
 */
export function drawBuiltPage(
  page: { title: string; blocks: readonly Block[] },
  data: BlocksData,
): PageSegment[] {
  const shown = page.blocks.filter((block) => hasBlockContent(block, data));
  const opensWithHero = shown[0]?.type === "hero";
  const segments: PageSegment[] = [];
  let run: ReactNode[] = opensWithHero ? [] : [<PageHeader key="header" title={page.title} />];
  const flush = () => {
    if (run.length > 0) {
      segments.push({ html: renderToStaticMarkup(<MemoryRouter>{run}</MemoryRouter>) });
    }
    run = [];
  };
  shown.forEach((block, index) => {
    if (isScriptBlock(block)) {
      flush();
      segments.push({ block });
      return;
    }
    const level = opensWithHero && index === 0 ? 1 : 2;
    run.push(<BlockView key={block.id} block={block} data={data} level={level} questions />);
  });
  flush();
  return segments;
}
