// An <img> that swaps to the placeholder when its image fails to load, even before hydration; given
// an upload's responsive sources (computed on the server) it is a <picture> of AVIF, WebP and the
// upload's own format at several widths.
import { type ComponentProps, type SyntheticEvent, useCallback } from "react";
import type { ImageSources } from "./image-variants";

export const placeholderImage = "/images/placeholder.svg";

function showPlaceholder(image: HTMLImageElement) {
  if (image.getAttribute("src") === placeholderImage) return;
  // Inside a <picture> the browser keeps choosing from the sources' and the img's srcset, never
  // src: without them src is all that is left (a <source> without srcset is skipped). Attributes
  // rather than the elements go, so a hydration that comes later still finds the same elements.
  for (const source of image.closest("picture")?.querySelectorAll("source") ?? []) {
    source.removeAttribute("srcset");
  }
  image.removeAttribute("srcset");
  image.src = placeholderImage;
  image.dataset.fallback = "true";
}

export function FallbackImage({
  alt,
  onError,
  sources,
  sizes,
  ...props
}: ComponentProps<"img"> & {
  alt: string;
  width: number;
  height: number;
  /** An upload's variants: rendered as a <picture>; `sizes` says how wide the layout shows it. */
  sources?: ImageSources;
}) {
  const checkLoaded = useCallback((image: HTMLImageElement | null) => {
    // complete with no size: the load already failed while the page was hydrating.
    if (image?.complete && image.naturalWidth === 0) showPlaceholder(image);
  }, []);
  const image = (
    <img
      ref={checkLoaded}
      alt={alt}
      decoding="async"
      onError={(event: SyntheticEvent<HTMLImageElement, Event>) => {
        showPlaceholder(event.currentTarget);
        onError?.(event);
      }}
      {...props}
      {...(sources ? { src: sources.src, srcSet: sources.srcSet, sizes } : {})}
    />
  );
  if (!sources) return image;
  // display: contents, so the img stays the box the layout places (a grid item, a full width);
  // the sources then are boxes of that layout too (each taking a gap) unless hidden.
  return (
    <picture className="contents">
      {sources.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes}
          className="hidden"
        />
      ))}
      {image}
    </picture>
  );
}
