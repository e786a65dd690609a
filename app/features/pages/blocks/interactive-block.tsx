// The blocks that need the browser's JavaScript (the contact form, the newsletter sign-up, the
// booking calendar): the only ones a built page ships code for; the rest are drawn on the server.
import type { ReactNode } from "react";
import type { Block } from "~/capabilities/blocks/page-blocks";
import type { BlocksData, ScriptBlockType } from "./block-registry.server";
import type { BlockView } from "./block-view";
import { BookingBlock } from "./booking/view";
import { ContactBlock } from "./contact/view";
import { NewsletterSignUp } from "./newsletter/view";

/**
 * The views of the blocks whose registry entry says they need JavaScript, one each: only their
 * components ship, not the rest of their folders' views.
 */
const scriptViews = {
  contact: ContactBlock,
  newsletter: NewsletterSignUp,
  booking: BookingBlock,
} satisfies { [T in ScriptBlockType]: BlockView<T, BlocksData[T]>["View"] };

export type InteractiveData = Pick<BlocksData, ScriptBlockType>;

export function InteractiveBlock({ block, data }: { block: Block; data: InteractiveData }) {
  // Script blocks draw from their block and data alone (no heading level, no FAQ markup).
  const View = (scriptViews as Record<string, unknown>)[block.type] as
    | ((props: { block: Block; data: unknown }) => ReactNode)
    | undefined;
  return View ? <View block={block} data={data[block.type as ScriptBlockType]} /> : null;
}
