// An image field (an article's cover, a block's image): a preview, a choice from the media
// library, an upload in place (chosen at once), removal, and the alt text, required with an image
// and started from the library's.
import { useId, useState } from "react";
import { ImageChoiceGrid } from "~/capabilities/media/image-choice-grid";
import { toObjectPosition } from "~/capabilities/media/image-metadata";
import {
  ImageUploadButton,
  ImageUploadError,
  useImageUpload,
} from "~/capabilities/media/image-upload";
import { TextField } from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";

/**
 * An image of the library: its address, its name, its stored alt text ("" when none) and the
 * CSS object-position of its focal point (none for the centre), so the preview crops as pages do.
 */
export type LibraryChoice = {
  url: string;
  name: string;
  alt: string;
  position?: string | undefined;
};

export function CoverImageField({
  imageUrl,
  imageAlt,
  library,
  errors,
  onChange,
  legend = "Cover image",
  paths = { url: "imageUrl", alt: "imageAlt" },
}: {
  imageUrl: string;
  imageAlt: string;
  library: LibraryChoice[];
  errors: Record<string, string>;
  onChange: (patch: { imageUrl?: string; imageAlt?: string }) => void;
  legend?: string;
  /** Where the two values are in the input: their error keys and field ids. */
  paths?: { url: string; alt: string };
}) {
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const [uploadNote, setUploadNote] = useState<string>();
  const [uploaded, setUploaded] = useState<LibraryChoice[]>([]);
  const choices = [
    ...uploaded,
    ...library.filter((image) => !uploaded.some((u) => u.url === image.url)),
  ];

  // The image's own alt text is the default; an image with none keeps what was typed.
  const choose = (image: LibraryChoice) =>
    onChange(image.alt ? { imageUrl: image.url, imageAlt: image.alt } : { imageUrl: image.url });

  const upload = useImageUpload(({ duplicate, image }) => {
    const choice = {
      url: image.url,
      name: image.originalName,
      alt: image.alt,
      position: toObjectPosition(image.focalX, image.focalY),
    };
    setUploaded((list) => [choice, ...list.filter((item) => item.url !== choice.url)]);
    choose(choice);
    setUploadNote(
      duplicate
        ? `This file is already in the library as ${image.originalName}: the existing image is used, no copy was made.`
        : undefined,
    );
    setChoosing(false);
  });

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-foreground">{legend}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-[3/2] w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-slate-100 sm:w-56">
          {imageUrl ? (
            <img
              src={imageUrl}
              alt=""
              className="size-full object-cover"
              style={{ objectPosition: choices.find((image) => image.url === imageUrl)?.position }}
            />
          ) : (
            <span className="px-4 text-center text-sm text-muted-foreground">
              No image: visitors see a neutral placeholder
            </span>
          )}
        </div>
        <div className="grid flex-1 gap-3">
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={choosing}
              aria-controls={`${id}-library`}
              onClick={() => setChoosing((open) => !open)}
            >
              {choosing ? "Close the library" : "Choose from library"}
            </Button>
            <ImageUploadButton
              id={`${id}-upload`}
              upload={upload}
              className="inline-flex h-9 cursor-pointer items-center rounded-md border border-input bg-background px-3 text-sm font-semibold hover:bg-muted focus-within:outline-2 focus-within:outline-ring"
            />
            {imageUrl ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange({ imageUrl: "" })}
              >
                Remove image
              </Button>
            ) : null}
          </div>
          {/* A new upload's note replaces the last one; a failed one shows only its error. */}
          {uploadNote && !upload.uploading && !upload.error ? (
            <p role="status" className="text-sm text-slate-700">
              {uploadNote}
            </p>
          ) : null}
          <ImageUploadError upload={upload} />
          {errors[paths.url] ? (
            <p className="text-sm font-medium text-destructive">{errors[paths.url]}</p>
          ) : null}
          <TextField
            path={paths.alt}
            label="Image description (alt text)"
            hint="What the image shows, for people who cannot see it. Required with an image."
            error={errors[paths.alt]}
            value={imageAlt}
            onValueChange={(value) => onChange({ imageAlt: value })}
          />
        </div>
      </div>
      {choosing ? (
        <ImageChoiceGrid
          id={`${id}-library`}
          choices={choices.map(({ url, name, position }) => ({ url, label: name, position }))}
          selectedUrl={imageUrl}
          onSelect={(url) => {
            const image = choices.find((candidate) => candidate.url === url);
            if (image) choose(image);
          }}
          className="max-h-80 gap-3 p-3 sm:grid-cols-4 lg:grid-cols-5"
        />
      ) : null}
    </fieldset>
  );
}
