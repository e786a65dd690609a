// A picker of one image for placing it somewhere (the rich-text editor's image dialog): the media
// library as a radio group of thumbnails with a search by name, and an upload in place whose new
// image is chosen at once. Admin only; it fetches the library when it first shows.
import { useEffect, useId, useState } from "react";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { SearchInput } from "~/ui/search-input";
import { ImageChoiceGrid } from "./image-choice-grid";
import { type LibraryImage, matchesImageSearch } from "./image-metadata";
import {
  type ImageUpload,
  ImageUploadButton,
  ImageUploadError,
  useImageUpload,
} from "./image-upload";
import { listImages } from "./images-client";

export function ImagePicker({
  selectedUrl,
  onSelect,
  upload: fieldUpload,
}: {
  selectedUrl: string | undefined;
  onSelect: (image: LibraryImage) => void;
  /**
   * The owning field's upload (useImageUpload there), for a field that outlives its picker: an
   * upload still lands in the field when the picker was closed meanwhile. Without it, the picker's
   * own upload ends with the picker.
   */
  upload?: ImageUpload;
}) {
  const id = useId();
  const [images, setImages] = useState<LibraryImage[]>();
  const [listError, setListError] = useState<string>();
  const [query, setQuery] = useState("");

  useEffect(() => {
    let current = true;
    listImages()
      .then((list) => {
        // An image uploaded while the list was on its way stays in it, first and chosen.
        if (!current) return;
        setImages((uploaded = []) => [
          ...uploaded.filter((image) => !list.some((listed) => listed.url === image.url)),
          ...list,
        ]);
      })
      .catch((failure) => {
        if (current) setListError(describeRequestError(failure, "Unable to load the images"));
      });
    return () => {
      current = false;
    };
  }, []);

  // The same file uploaded before answers the image already in the library: choose that one.
  const ownUpload = useImageUpload(({ image }) => {
    setImages((list) => [image, ...(list ?? []).filter((known) => known.url !== image.url)]);
    setQuery("");
    onSelect(image);
  });
  const upload = fieldUpload ?? ownUpload;

  const shown = images ? images.filter((image) => matchesImageSearch(image, query)) : [];
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            Search the library
          </label>
          <SearchInput
            id={`${id}-search`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Image name"
            className="h-9"
          />
        </div>
        <ImageUploadButton
          id={`${id}-upload`}
          upload={upload}
          className="inline-flex h-9 cursor-pointer items-center justify-center rounded-md border border-input bg-background px-3 text-sm font-semibold whitespace-nowrap hover:bg-muted focus-within:outline-2 focus-within:outline-ring"
        />
      </div>
      <ImageUploadError upload={upload} />
      {listError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {listError}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {images === undefined
          ? ""
          : shown.length === 1
            ? "1 image shown"
            : `${shown.length} images shown`}
      </p>
      {/* One height whether the images are loading, found or not: the dialog's buttons below
          never move under a pointer on its way to them. */}
      {shown.length > 0 ? (
        <ImageChoiceGrid
          id={`${id}-library`}
          choices={shown.map((image) => ({ url: image.url, label: image.originalName }))}
          selectedUrl={selectedUrl}
          onSelect={(url) => {
            const image = shown.find((candidate) => candidate.url === url);
            if (image) onSelect(image);
          }}
          className="h-64 content-start sm:grid-cols-3"
        />
      ) : (
        <p className="grid h-64 place-items-center rounded-lg border border-border bg-slate-50 p-4 text-center text-sm text-muted-foreground">
          {images === undefined
            ? listError
              ? ""
              : "Loading images..."
            : query
              ? `No image is named like “${query}”.`
              : "The library has no images yet."}
        </p>
      )}
    </div>
  );
}
