// The rich text block: formatted text in the page's reading width.
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { toPlainText } from "~/platform/plain-text";
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";

/** Whether formatted text shows nothing: no words and no image. */
export const isBlankHtml = (html: string) => !toPlainText(html).trim() && !/<img\b/i.test(html);

function RichTextBlock({ block }: BlockViewProps<"richText", undefined>) {
  return (
    <Section id={`block-${block.id}`}>
      <RichText
        html={block.body}
        className="mx-auto max-w-3xl text-lg leading-relaxed text-slate-700"
      />
    </Section>
  );
}

export const richTextView = {
  View: RichTextBlock,
  hasContent: (block) => !isBlankHtml(block.body),
  script: false,
} satisfies BlockView<"richText", undefined>;
