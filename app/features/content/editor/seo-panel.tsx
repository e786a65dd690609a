// One public page's SEO settings as every editor shows them: search title (and whether the site's
// name follows it, with the title exactly as the page carries it), search description with its
// 70-160 counter, social image from the media library (or the generated card) and noindex,
// with the search-result and link-card previews following the typing.
import { type ReactNode, useState } from "react";
import { ImagePicker } from "~/capabilities/media/image-picker";
import { ImageUploadError, useImageUpload } from "~/capabilities/media/image-upload";
import { TextField } from "~/capabilities/workspace/fields";
import type { PageSeoFacts } from "~/features/content/page-seo";
import type { FieldErrors } from "~/platform/field-errors";
import { useSharedRootData } from "~/platform/root-data";
import { formatPageTitle } from "~/platform/seo/meta";
import { fillSeoSettings, type SeoSettings, seoTitleLength } from "~/platform/seo/seo-settings";
import { Button } from "~/ui/button";
import { seoDescriptionHint } from "./content-fields";
import { SeoCheckbox } from "./seo-checkbox";
import { SeoPreview } from "./seo-preview";

export function SeoPanel({
  id,
  path,
  pageName,
  value: stored,
  errors,
  page,
  generatedImage,
  cardOption,
  onChange,
}: {
  /** Unique on the screen: the ids of the previews' headings. */
  id: string;
  /** Where the settings sit in the form ("seo.about", "services.items.0"; "" at the top). */
  path: string;
  /** Names the fields where several pages' panels share a screen ("About page search title"). */
  pageName?: string | undefined;
  value: SeoSettings;
  errors: FieldErrors;
  /** The page as its route's meta() sees it without settings. */
  page: PageSeoFacts;
  /** The generated title card's address. */
  generatedImage: string;
  /** A further choice about the card (an article's "Use the cover image when shared"). */
  cardOption?: ReactNode;
  onChange: (patch: Partial<SeoSettings>) => void;
}) {
  const value = fillSeoSettings(stored);
  const fieldPath = (key: keyof SeoSettings) => (path ? `${path}.${key}` : key);
  const label = (field: string) => (pageName ? `${pageName} ${field.toLowerCase()}` : field);
  const [choosing, setChoosing] = useState(false);
  const chooseImage = (url: string) => {
    onChange({ seoImage: url });
    setChoosing(false);
  };
  // The panel's own: an upload lands here even when the library was closed before it ended.
  const upload = useImageUpload(({ image }) => chooseImage(image.url));
  const companyName = useSharedRootData()?.shell.companyName ?? "";
  const ownTitle = value.seoTitle.trim() || page.title;
  const fullTitle = formatPageTitle(ownTitle, companyName, value.siteNameInTitle);
  const namedAlready = Boolean(companyName) && ownTitle.includes(companyName);
  return (
    <div className="grid min-w-0 gap-5" data-testid="seo-panel">
      <TextField
        path={fieldPath("seoTitle")}
        label={label("Search title")}
        hint={`Shown as the title in search results and shared links; leave empty to use the page's title (${page.title || "untitled"}). About 60 characters are shown.`}
        error={errors[fieldPath("seoTitle")]}
        maxLength={seoTitleLength.max}
        value={value.seoTitle}
        onValueChange={(seoTitle) => onChange({ seoTitle })}
      />
      <div className="-mt-2 grid min-w-0 gap-3">
        <p className="wrap-anywhere text-sm text-slate-700" data-testid="seo-full-title">
          <span className="font-medium text-slate-900">Title the page carries: </span>
          {fullTitle || "(none yet)"}
        </p>
        {companyName ? (
          <SeoCheckbox
            label={`${pageName ? `${pageName}: add` : "Add"} " | ${companyName}" after the title`}
            hint={
              namedAlready
                ? "The title already names the site, so its name is not added again."
                : "Untick for a title that stands on its own, such as a campaign's."
            }
            checked={value.siteNameInTitle}
            onChange={(siteNameInTitle) => onChange({ siteNameInTitle })}
          />
        ) : null}
      </div>
      <TextField
        multiline
        path={fieldPath("seoDescription")}
        label={label("Search description")}
        hint={seoDescriptionHint}
        error={errors[fieldPath("seoDescription")]}
        value={value.seoDescription}
        onValueChange={(seoDescription) => onChange({ seoDescription })}
      />
      <SeoPreview
        id={id}
        page={{
          ...page,
          title: ownTitle,
          siteNameInTitle: value.siteNameInTitle,
          written: value.seoDescription,
        }}
        image={value.seoImage ? { src: value.seoImage, cropped: true } : { src: generatedImage }}
        cardOption={
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-expanded={choosing}
                onClick={() => setChoosing(!choosing)}
              >
                {choosing ? "Close the library" : "Choose a social image"}
              </Button>
              {value.seoImage ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => onChange({ seoImage: "" })}
                >
                  Use the generated card
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-muted-foreground" data-testid="seo-image-note">
              {value.seoImage
                ? "Shared links show this image from the library."
                : "Shared links show the generated title card."}
            </p>
            {errors[fieldPath("seoImage")] ? (
              <p className="text-sm text-destructive">{errors[fieldPath("seoImage")]}</p>
            ) : null}
            {value.seoImage ? null : cardOption}
            {choosing ? (
              <ImagePicker
                selectedUrl={value.seoImage || undefined}
                onSelect={(image) => chooseImage(image.url)}
                upload={upload}
              />
            ) : (
              <ImageUploadError upload={upload} />
            )}
          </div>
        }
      />
      <SeoCheckbox
        label="Hide from search engines (noindex)"
        hint="Search engines are asked not to list the page and it leaves both sitemaps; its address and links to it keep working."
        checked={value.noindex}
        onChange={(noindex) => onChange({ noindex })}
      />
    </div>
  );
}
