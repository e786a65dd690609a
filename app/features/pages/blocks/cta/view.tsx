// The call-to-action block: the navy band with a heading, a line of text and a button.
import { Button } from "~/ui/button";
import { CallToAction } from "~/ui/sections/call-to-action";
import { BlockLink, isDrawnLink } from "../block-link";
import type { BlockView, BlockViewProps } from "../block-view";

function CtaBlock({ block }: BlockViewProps<"cta", undefined>) {
  return (
    <CallToAction
      headingId={`block-${block.id}`}
      heading={block.heading}
      description={block.text}
      actions={
        block.buttonLabel && isDrawnLink(block.buttonHref) ? (
          <Button asChild size="lg" variant="accent">
            <BlockLink href={block.buttonHref}>{block.buttonLabel}</BlockLink>
          </Button>
        ) : null
      }
    />
  );
}

export const ctaView = {
  View: CtaBlock,
  hasContent: (block) =>
    Boolean(block.heading || block.text || (block.buttonLabel && block.buttonHref)),
  script: false,
} satisfies BlockView<"cta", undefined>;
