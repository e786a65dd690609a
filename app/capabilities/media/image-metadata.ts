// What the media library knows about an image besides its bytes: the name it was
// uploaded under, its alt text and focal point. The edit schema is shared by the library's dialog
// and PATCH /api/admin/images/:name, so both refuse the same input with the same words.
import { z } from "~/platform/zod";
import type { ImageSources } from "./image-variants";

export const maxImageNameLength = 200;
/** The same limit as a cover's alt text, so a stored alt always fits where it is placed. */
export const maxImageAltLength = 300;

const focalCoordinate = (axis: string) =>
  z
    .number({ error: `The focal point's ${axis} must be a number from 0 to 1` })
    .min(0, `The focal point's ${axis} must be from 0 to 1`)
    .max(1, `The focal point's ${axis} must be from 0 to 1`);

/** An edit of one image: any of its name, alt text and focal point; at least one of them. */
export const imageEditSchema = z
  .strictObject(
    {
      originalName: z
        .string({ error: "The name must be text" })
        .trim()
        .min(1, "Give the image a name")
        .max(maxImageNameLength, `The name must be at most ${maxImageNameLength} characters`)
        .optional(),
      alt: z
        .string({ error: "The alt text must be text" })
        .trim()
        .max(maxImageAltLength, `The alt text must be at most ${maxImageAltLength} characters`)
        .optional(),
      focalX: focalCoordinate("left-right position").optional(),
      focalY: focalCoordinate("top-bottom position").optional(),
    },
    { error: "Only originalName, alt, focalX and focalY can be changed" },
  )
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: "Send at least one of originalName, alt, focalX and focalY",
  });
export type ImageEdit = z.infer<typeof imageEditSchema>;

/** One image as the library and its list API show it. */
export type LibraryImage = {
  url: string;
  /** The stored file name (an upload's random name, or a site image's path). */
  name: string;
  /** The name it was uploaded under, or as renamed; a site image's own path. */
  originalName: string;
  alt: string;
  focalX: number;
  focalY: number;
  /** Bytes as stored and served (an upload is scaled down and re-encoded on arrival). */
  bytes: number;
  width?: number;
  height?: number;
  /** The file as it was uploaded, when it is known (uploads since photos are scaled on arrival). */
  original?: { bytes: number; width?: number; height?: number };
  uploaded: boolean;
};

/**
 * What a public page needs to place an image: the CSS object-position that crops it around its
 * subject, and for an upload of known width its responsive sources (computed on the server, so
 * public pages carry no code for them).
 */
export type ImagePlacement = { imagePosition?: string; imageSources?: ImageSources };

/** The CSS object-position that keeps the focal point in a crop; none for the centre. */
export function toObjectPosition(focalX: number, focalY: number): string | undefined {
  if (focalX === 0.5 && focalY === 0.5) return undefined;
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
  return `${percent(focalX)} ${percent(focalY)}`;
}

/** Whether an image matches the library's search: every word in its name or alt text. */
export function matchesImageSearch(
  image: Pick<LibraryImage, "originalName" | "alt" | "name">,
  query: string,
): boolean {
  const haystack = `${image.originalName} ${image.alt} ${image.name}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
