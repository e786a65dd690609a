// The image-with-text block: an image beside a heading and formatted text, on either side.
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { imageTextImageSizes } from "~/features/publishing/components/image-sizes";
import { cn } from "~/ui/cn";
import { BlockImage } from "../block-image";
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";
import { isBlankHtml } from "../rich-text/view";

function ImageTextBlock({ block }: BlockViewProps<"imageText", undefined>) {
  return (
    <Section id={`block-${block.id}`}>
      <div className="grid items-center gap-10 lg:grid-cols-2">
        {block.image.url ? (
          <BlockImage
            image={block.image}
            sizes={imageTextImageSizes}
            width={800}
            height={600}
            loading="lazy"
            className={cn(
              "aspect-[4/3] w-full rounded-2xl object-cover shadow-md",
              block.imageSide === "right" && "lg:order-2",
            )}
          />
        ) : null}
        <div>
          {block.heading ? (
            <h2 className="text-3xl font-bold tracking-tight text-navy">{block.heading}</h2>
          ) : null}
          <RichText html={block.body} className="mt-4 text-base leading-relaxed text-slate-700" />
        </div>
      </div>
    </Section>
  );
}

export const imageTextView = {
  View: ImageTextBlock,
  hasContent: (block) => Boolean(block.heading || block.image.url || !isBlankHtml(block.body)),
  script: false,
} satisfies BlockView<"imageText", undefined>;
