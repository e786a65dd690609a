// An <img> that swaps to the placeholder image when its own image fails to load (spec section 2,
// blog), including a failure that happened before hydration, when no handler was attached yet.
import { type ComponentProps, type SyntheticEvent, useCallback } from "react";

export const placeholderImage = "/images/placeholder.svg";

function showPlaceholder(image: HTMLImageElement) {
  if (image.getAttribute("src") === placeholderImage) return;
  image.src = placeholderImage;
  image.dataset.fallback = "true";
}

export function FallbackImage({
  alt,
  onError,
  ...props
}: ComponentProps<"img"> & { alt: string; width: number; height: number }) {
  const checkLoaded = useCallback((image: HTMLImageElement | null) => {
    // complete with no size: the load already failed while the page was hydrating.
    if (image?.complete && image.naturalWidth === 0) showPlaceholder(image);
  }, []);
  return (
    <img
      ref={checkLoaded}
      alt={alt}
      decoding="async"
      onError={(event: SyntheticEvent<HTMLImageElement, Event>) => {
        showPlaceholder(event.currentTarget);
        onError?.(event);
      }}
      {...props}
    />
  );
}
