// The SEO section's previews of an article or case study (content/editor/seo-preview.tsx), and an
// article's choice of its cover as the image its shared links show.

import { type CardImage, SeoPreview } from "~/features/content/editor/seo-preview";
import { canDrawCoverCard, getPreviewImagePath } from "~/platform/seo/preview-image-paths";
import type { PreviewFacts } from "~/platform/seo/search-preview";
import { kindTexts } from "../kind-texts";
import { summarizeBlocks } from "../page-blocks";
import { formatCaseStudyPageTitle } from "../page-titles";
import { coverCardField, type FieldValues } from "../publication-fields";
import type { PublicationInput, PublicationKind } from "../schema";

/** The page's title and computed description, as its route's meta() has them. */
function describePage<K extends PublicationKind>(kind: K, input: PublicationInput[K]) {
  if (kind === "page") {
    const page = input as PublicationInput["page"];
    return { title: page.title, computed: summarizeBlocks(page.blocks) || page.title };
  }
  if (kind === "case-study") {
    const study = input as PublicationInput["case-study"];
    return { title: formatCaseStudyPageTitle(study), computed: study.description };
  }
  const article = input as PublicationInput["article"];
  return { title: article.title, computed: article.excerpt };
}

export function PublicationSeoPreview<K extends PublicationKind>({
  kind,
  input,
  savedId,
  version,
  onChange,
}: {
  kind: K;
  input: PublicationInput[K];
  /** The stored slug: the generated image exists at the saved address only. */
  savedId: string | undefined;
  version: number | undefined;
  onChange: (patch: FieldValues) => void;
}) {
  const texts = kindTexts[kind];
  const page: PreviewFacts = {
    ...describePage(kind, input),
    path: texts.publicPath(input.slug || savedId || ""),
    written: input.seoDescription,
  };
  const useCover = kind === "article" && "coverAsCardImage" in input && input.coverAsCardImage;
  const image: CardImage =
    useCover && canDrawCoverCard(input.imageUrl)
      ? { src: input.imageUrl, cropped: true }
      : {
          // The version makes the browser fetch the card again after a save changed it.
          src: `${getPreviewImagePath(texts.publicPath(savedId ?? ""))}?v=${version ?? 0}`,
        };
  const option =
    kind === "article" ? (
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <input
            id="field-coverAsCardImage"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={Boolean(useCover)}
            aria-describedby="field-coverAsCardImage-hint"
            onChange={(event) => onChange({ coverAsCardImage: event.target.checked })}
          />
          <label htmlFor="field-coverAsCardImage" className="text-sm font-medium leading-tight">
            {coverCardField.label}
          </label>
        </div>
        <p id="field-coverAsCardImage-hint" className="pl-7 text-xs text-muted-foreground">
          {!useCover
            ? coverCardField.hint
            : !input.imageUrl
              ? "Choose a cover image above: until then the generated title card is shown."
              : !canDrawCoverCard(input.imageUrl)
                ? "A WebP cover cannot be made into a link card: the generated title card is shown. Choose a PNG, JPEG or SVG cover to share it."
                : coverCardField.hint}
        </p>
      </div>
    ) : undefined;
  return <SeoPreview id="publication-seo" page={page} image={image} cardOption={option} />;
}
