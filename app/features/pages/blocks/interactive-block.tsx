// The blocks that need the browser's JavaScript (the contact form, the newsletter sign-up, the
// booking calendar): the only ones a built page ships code for; the rest are drawn on the server.
import type { Block } from "~/capabilities/blocks/page-blocks";
import type { BlocksData, ScriptBlockType } from "./block-registry.server";
import type { BlockOf, BlockView } from "./block-view";
import { bookingView } from "./booking/view";
import { contactView } from "./contact/view";
import { newsletterView } from "./newsletter/view";

/** The views of the blocks whose registry entry says they need JavaScript: one each. */
const scriptViews = {
  contact: contactView,
  newsletter: newsletterView,
  booking: bookingView,
} satisfies { [T in ScriptBlockType]: BlockView<T, BlocksData[T]> };

export type InteractiveData = Pick<BlocksData, ScriptBlockType>;

const isScriptType = (type: Block["type"]): type is ScriptBlockType => type in scriptViews;

export function InteractiveBlock({ block, data }: { block: Block; data: InteractiveData }) {
  const type = block.type;
  if (!isScriptType(type)) return null;
  const { View } = scriptViews[type] as BlockView<typeof type, InteractiveData[typeof type]>;
  return (
    <View block={block as BlockOf<typeof type>} data={data[type]} level={2} questions={false} />
  );
}
