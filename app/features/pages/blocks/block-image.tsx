// A block's chosen image: an upload as a <picture> of its sizes, cropped around its focal point;
// the site's own images as they are.
import type { ComponentProps } from "react";
import type { ImageValue } from "~/capabilities/fields/field-kinds";
import { FallbackImage } from "~/capabilities/media/fallback-image";

/** `sizes`: how wide the block shows the image. */
export function BlockImage({
  image,
  sizes,
  ...props
}: Omit<ComponentProps<typeof FallbackImage>, "alt" | "src" | "sources"> & {
  image: ImageValue;
  sizes: string;
}) {
  return (
    <FallbackImage
      {...props}
      src={image.url}
      alt={image.alt}
      sources={image.imageSources}
      sizes={sizes}
      style={image.imagePosition ? { objectPosition: image.imagePosition } : undefined}
    />
  );
}
