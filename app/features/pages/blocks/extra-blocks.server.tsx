// A fixed page's extra blocks (home, About) drawn to HTML on the server: the page's JavaScript
// carries none of the blocks' components, and its forms post without it as they do anyway.
import { renderToStaticMarkup } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import { MemoryRouter } from "react-router";
import type { Block } from "~/capabilities/blocks/page-blocks";
import { BlockList } from "./block-list.server";
import { loadBlocksData } from "./blocks-data.server";

/** The blocks as HTML, or "" when there are none. */
export async function renderExtraBlocks(
  context: Readonly<RouterContextProvider>,
  stored: readonly Block[],
): Promise<string> {
  if (stored.length === 0) return "";
  const { blocks, data } = await loadBlocksData(context, stored);
  return renderToStaticMarkup(
    <MemoryRouter>
      <BlockList blocks={blocks} data={data} />
    </MemoryRouter>,
  );
}
