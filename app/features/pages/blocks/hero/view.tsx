// The hero block: the page's title band with its text, up to two buttons and an image.
import { heroImageSizes } from "~/features/publishing/components/image-sizes";
import { Button } from "~/ui/button";
import { PageHeader } from "~/ui/sections/page-header";
import { BlockImage } from "../block-image";
import { BlockLink, isDrawnLink } from "../block-link";
import type { BlockView, BlockViewProps } from "../block-view";

function HeroBlock({ block, level }: BlockViewProps<"hero", undefined>) {
  const buttons = [
    { label: block.primaryLabel, href: block.primaryHref, variant: "default" as const },
    { label: block.secondaryLabel, href: block.secondaryHref, variant: "outline" as const },
  ].filter((button) => button.label && isDrawnLink(button.href));
  return (
    <PageHeader title={block.heading} description={block.text || undefined} level={level}>
      {buttons.length > 0 || block.image.url ? (
        <div className="grid w-full justify-items-center gap-8">
          {buttons.length > 0 ? (
            <div className="flex flex-col gap-3 sm:flex-row">
              {buttons.map((button) => (
                <Button key={button.href + button.label} asChild size="lg" variant={button.variant}>
                  <BlockLink href={button.href}>{button.label}</BlockLink>
                </Button>
              ))}
            </div>
          ) : null}
          {block.image.url ? (
            <BlockImage
              image={block.image}
              sizes={heroImageSizes}
              width={1200}
              height={600}
              fetchPriority="high"
              className="aspect-[2/1] w-full max-w-4xl rounded-2xl object-cover shadow-lg"
            />
          ) : null}
        </div>
      ) : null}
    </PageHeader>
  );
}

export const heroView = {
  View: HeroBlock,
  hasContent: (block) =>
    Boolean(
      block.heading ||
        block.text ||
        block.image.url ||
        (block.primaryLabel && block.primaryHref) ||
        (block.secondaryLabel && block.secondaryHref),
    ),
  script: false,
} satisfies BlockView<"hero", undefined>;
