// The SEO section's previews under a page's search description: its length against the 70-160
// rule, the search result (title, address, description) and the shared-link card, following the
// typing. The text rules are platform/seo's.
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { createContext, type ReactNode, useState } from "react";
import type { PageSeoFacts } from "~/features/content/page-seo";
import { useSharedRootData } from "~/platform/root-data";
import {
  buildPreviewTexts,
  checkDescriptionLength,
  type PreviewFacts,
} from "~/platform/seo/search-preview";

/** What the screen reader hears: only when the verdict changes, not at every keystroke. */
const verdictAnnouncements = {
  empty: "No search description written: the computed one is used.",
  short: "Search description too short.",
  good: "Search description length is good.",
  long: "Search description too long.",
} as const;

/**
 * The pages a content form's search descriptions describe that the field table cannot work out
 * from the form's own values (the fixed pages of the SEO tab), by field path ("seo.about"), and
 * the content's version, which makes the browser fetch a saved change's new card.
 */
export const SeoPagesContext = createContext<{
  pages: Partial<Record<string, PageSeoFacts>>;
  version: number | string;
}>({ pages: {}, version: 0 });

export type CardImage = {
  /** The image's address, as social sites fetch it. */
  src: string;
  /** A picture the page does not draw itself (a cover): shown cropped as the server crops it. */
  cropped?: boolean;
};

export function SeoPreview({
  id,
  page,
  image,
  cardOption,
}: {
  /** Unique on the screen: the ids of the previews' headings. */
  id: string;
  page: PreviewFacts;
  image: CardImage;
  /** A choice about the card, above it (an article's "Use the cover image when shared"). */
  cardOption?: ReactNode;
}) {
  const root = useSharedRootData();
  const texts = buildPreviewTexts(page, {
    siteUrl: root?.siteUrl ?? "",
    companyName: root?.shell.companyName ?? "",
    tagline: root?.shell.tagline ?? "",
  });
  const check = checkDescriptionLength(page.written);
  const Icon =
    check.verdict === "good" ? CircleCheck : check.verdict === "empty" ? Info : CircleAlert;
  const warn = check.verdict === "short" || check.verdict === "long";
  return (
    <div className="grid min-w-0 gap-4" data-testid="seo-preview">
      <p
        className={`-mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${warn ? "font-medium text-amber-800" : "text-muted-foreground"}`}
        data-testid="seo-counter"
        data-verdict={check.verdict}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span>{check.count}</span>
        <span aria-hidden="true">·</span>
        <span>{check.advice}</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {verdictAnnouncements[check.verdict]}
      </p>

      <div className="grid min-w-0 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <section aria-labelledby={`${id}-result`} className="grid min-w-0 gap-2">
          <h3 id={`${id}-result`} className="text-sm font-semibold text-navy">
            Search result preview
          </h3>
          <div className="min-w-0 rounded-lg border border-border bg-white p-4 font-sans">
            <p className="truncate text-sm text-slate-700" data-testid="result-address">
              {texts.address}
            </p>
            <p
              className="mt-1 break-words text-lg leading-snug text-[#1a0dab]"
              data-testid="result-title"
            >
              {texts.resultTitle}
            </p>
            <p className="mt-1 break-words text-sm text-slate-700" data-testid="result-description">
              {texts.resultDescription}
            </p>
            {texts.fallback ? (
              <p className="mt-2 text-xs text-muted-foreground">
                No description written: search engines get the one computed from the page's text,
                shown above.
              </p>
            ) : null}
          </div>
        </section>

        <section aria-labelledby={`${id}-card`} className="grid min-w-0 gap-2">
          <h3 id={`${id}-card`} className="text-sm font-semibold text-navy">
            Link card preview
          </h3>
          {cardOption}
          <div className="min-w-0 max-w-lg overflow-hidden rounded-lg border border-border bg-white">
            <CardPicture image={image} />
            <div className="grid gap-1 border-t border-border bg-slate-50 px-4 py-3">
              <p className="text-xs uppercase tracking-wide text-slate-600">{texts.host}</p>
              <p
                className="line-clamp-2 break-words font-semibold text-slate-900"
                data-testid="card-title"
              >
                {texts.pageTitle}
              </p>
              <p
                className="line-clamp-2 break-words text-sm text-slate-700"
                data-testid="card-description"
              >
                {texts.description}
              </p>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}

/** The card's 1200x630 picture; a page not on the site yet has none to show. */
function CardPicture({ image }: { image: CardImage }) {
  const [failed, setFailed] = useState<string>();
  if (failed === image.src) {
    return (
      <div className="flex aspect-[1200/630] items-center justify-center bg-slate-100 p-4 text-center text-sm text-muted-foreground">
        The preview image appears once the page is published.
      </div>
    );
  }
  return (
    <img
      key={image.src}
      // complete with no size: the load failed before React attached onError (hydration).
      ref={(element) => {
        if (element?.complete && element.naturalWidth === 0) setFailed(image.src);
      }}
      src={image.src}
      alt={
        image.cropped ? "The cover, as shared links show it" : "The title card shared links show"
      }
      width={1200}
      height={630}
      loading="lazy"
      data-testid="card-image"
      className={`block aspect-[1200/630] h-auto w-full bg-slate-100 ${image.cropped ? "object-cover" : ""}`}
      onError={() => setFailed(image.src)}
    />
  );
}
