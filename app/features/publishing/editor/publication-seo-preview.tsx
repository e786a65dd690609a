// The SEO section of an article, case study or page: the shared SEO panel
// (content/editor/seo-panel.tsx), with an article's choice of its cover as its link-card image.

import { summarizeBlocks } from "~/capabilities/blocks/page-blocks";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { SeoPanel } from "~/features/content/editor/seo-panel";
import type { FieldErrors } from "~/platform/field-errors";
import { canDrawCoverCard, getPreviewImagePath } from "~/platform/seo/preview-image-paths";
import { kindTexts } from "../kind-texts";
import { formatCaseStudyPageTitle } from "../page-titles";
import { coverCardField } from "../publication-fields";
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
  errors,
  onChange,
}: {
  kind: K;
  input: PublicationInput[K];
  errors: FieldErrors;
  /** The stored slug: the generated image exists at the saved address only. */
  savedId: string | undefined;
  version: number | undefined;
  onChange: (patch: FieldValues) => void;
}) {
  const texts = kindTexts[kind];
  const page = {
    ...describePage(kind, input),
    path: texts.publicPath(input.slug || savedId || ""),
  };
  const useCover = kind === "article" && "coverAsCardImage" in input && input.coverAsCardImage;
  // The version makes the browser fetch the card again after a save changed it.
  const generatedImage =
    useCover && canDrawCoverCard(input.imageUrl)
      ? input.imageUrl
      : `${getPreviewImagePath(texts.publicPath(savedId ?? ""))}?v=${version ?? 0}`;
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
  return (
    <SeoPanel
      id="publication-seo"
      path=""
      value={input}
      errors={errors}
      page={page}
      generatedImage={generatedImage}
      cardOption={option}
      onChange={onChange}
    />
  );
}
