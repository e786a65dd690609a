// The Manage Images screen: the upload card (the same file again is offered back, not stored
// twice), a search over names and alt texts, and every image as a card with its sizes and the pages
// that use it; an upload's name, alt text and focal point are edited in a dialog.
import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { deleteImage, uploadImage } from "~/capabilities/media/images-client";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Label } from "~/ui/label";
import { SearchInput } from "~/ui/search-input";
import { toast } from "~/ui/use-toast";
import { EditImageDialog } from "./edit-image-dialog";
import { type LibraryImage as ImageData, matchesImageSearch } from "./image-metadata";
import { acceptedImageTypes, imageTooLargeMessage, maxImageBytes } from "./image-rules";

export type LibraryImage = ImageData & { usedIn: Array<{ label: string; href: string }> };

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function formatSize(size: { bytes: number; width?: number; height?: number }): string {
  const pixels = size.width && size.height ? `${size.width} × ${size.height} px, ` : "";
  return `${pixels}${formatBytes(size.bytes)}`;
}

/** What is kept, and what was uploaded when a photo was scaled down on arrival. */
function ImageSize({ image }: { image: ImageData }) {
  const { original } = image;
  const scaled = original && (original.bytes !== image.bytes || original.width !== image.width);
  return (
    <p className="text-xs text-muted-foreground">
      {scaled ? "Stored: " : null}
      {formatSize(image)}
      {scaled ? (
        <>
          <br />
          Uploaded: {formatSize(original)}
        </>
      ) : null}
    </p>
  );
}

function UploadCard({ onShowExisting }: { onShowExisting: (image: ImageData) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const [existing, setExisting] = useState<ImageData>();

  const upload = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError("Choose an image file to upload");
      return;
    }
    // The server checks again, by the file's bytes; this saves sending a file it would refuse.
    if (file.size > maxImageBytes) {
      setError(imageTooLargeMessage);
      return;
    }
    setUploading(true);
    setError(undefined);
    setExisting(undefined);
    try {
      const { duplicate, image } = await uploadImage(file);
      if (duplicate) {
        setExisting(image);
        toast({
          title: "Already in the Library",
          description: `This file is already uploaded as ${image.originalName}; no copy was made.`,
        });
      } else {
        toast({ title: "Image Uploaded", description: `Saved as ${image.url}` });
      }
      if (input.current) input.current.value = "";
      await revalidator.revalidate();
    } catch (failure) {
      const message = describeRequestError(failure, "Unable to upload the image");
      setError(message);
      toast({ title: "Upload Failed", description: message, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Upload an Image</h2>
        <CardDescription>
          PNG, JPEG or WebP (a photo straight from a phone is fine), up to 25 MB and 40 megapixels,
          or an SVG drawing such as a logo. Large photos are scaled to 2560 px on their long edge,
          turned upright and stripped of location and camera data; an SVG keeps only its drawing
          (scripts and links are removed). Each upload gets its own permanent address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={upload} className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor={inputId}>Image file</Label>
            <input
              ref={input}
              id={inputId}
              name="image"
              type="file"
              accept={acceptedImageTypes.join(",")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={() => {
                setError(undefined);
                setExisting(undefined);
              }}
              className="block w-full rounded-md border border-input bg-white text-sm text-slate-700 file:mr-3 file:border-0 file:bg-secondary file:px-4 file:py-2.5 file:text-sm file:font-medium file:text-navy hover:file:bg-slate-200"
            />
          </div>
          <Button type="submit" disabled={uploading}>
            <Upload aria-hidden="true" />
            {uploading ? "Uploading..." : "Upload Image"}
          </Button>
        </form>
        {error ? (
          <p
            id={`${inputId}-error`}
            role="alert"
            className="mt-3 text-sm font-medium text-destructive"
          >
            {error}
          </p>
        ) : null}
        {existing ? (
          <div
            role="status"
            className="mt-4 flex flex-col gap-3 rounded-lg border border-border bg-slate-50 p-3 sm:flex-row sm:items-center"
          >
            <img
              src={existing.url}
              alt=""
              className="aspect-[3/2] w-full rounded object-cover sm:w-24"
            />
            <p className="min-w-0 flex-1 text-sm text-slate-700">
              This file is already in the library as{" "}
              <span className="font-semibold text-navy [overflow-wrap:anywhere]">
                {existing.originalName}
              </span>
              . Nothing new was stored: use the existing image.
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onShowExisting(existing)}
            >
              Show the existing image
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeleteImageButton({ image }: { image: LibraryImage }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteImage(image.url);
      toast({ title: "Image Deleted", description: `${image.originalName} was deleted.` });
      await revalidator.revalidate();
    } catch (failure) {
      toast({
        title: "Delete Failed",
        description: describeRequestError(failure, "Unable to delete the image"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="justify-self-start" disabled={busy}>
          Delete
          <span className="sr-only"> {image.originalName}</span>
        </Button>
      }
      title="Delete this image?"
      description={`${image.originalName} will be removed from the library for good. Pages cannot use it any more.`}
      confirmLabel="Delete Image"
      onConfirm={remove}
      busy={busy}
    />
  );
}

function ImageCard({ image }: { image: LibraryImage }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        <img
          src={image.url}
          alt={`Preview of ${image.originalName}`}
          loading="lazy"
          className="max-h-full max-w-full object-contain"
        />
      </div>
      <div className="grid flex-1 content-start gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="wrap-anywhere text-sm font-semibold text-navy">{image.originalName}</h3>
          <Badge
            variant={image.uploaded ? "accent" : "secondary"}
            className="shrink-0 whitespace-nowrap"
          >
            {image.uploaded ? "Uploaded" : "Site image"}
          </Badge>
        </div>
        <ImageSize image={image} />
        <p className="text-xs text-muted-foreground">
          <code className="break-all">{image.url}</code>
        </p>
        {image.uploaded ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">Alt text:</span>{" "}
            {image.alt || <span className="text-muted-foreground">none yet</span>}
          </p>
        ) : null}
        {image.uploaded ? <EditImageDialog image={image} /> : null}
        {image.usedIn.length > 0 ? (
          <div className="text-sm">
            <p className="font-medium text-slate-700">Used in</p>
            <ul className="mt-1 grid gap-1">
              {image.usedIn.map((use) => (
                <li key={use.href}>
                  <Link to={use.href} className="text-primary underline-offset-2 hover:underline">
                    {use.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Not used on any page</p>
        )}
        {image.uploaded && image.usedIn.length === 0 ? <DeleteImageButton image={image} /> : null}
        {image.uploaded && image.usedIn.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            In use: it can be deleted once no page uses it.
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function MediaLibrary({ images }: { images: LibraryImage[] }) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const shown = query.trim() ? images.filter((image) => matchesImageSearch(image, query)) : images;
  const count = (n: number) => (n === 1 ? "1 image" : `${n} images`);
  return (
    <AdminPage
      title="Manage Images"
      description="Every image of the website, where it is used, and uploads of new ones."
    >
      <UploadCard
        onShowExisting={(image) => {
          setQuery(image.originalName);
          document.getElementById(searchId)?.scrollIntoView({ block: "center" });
        }}
      />
      <section aria-labelledby="library-heading" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="library-heading" className="text-lg font-semibold text-navy">
              Image Library
            </h2>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {query.trim()
                ? `${count(shown.length)} of ${images.length} match "${query.trim()}".`
                : `${count(images.length)}, newest uploads first.`}
            </p>
          </div>
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor={searchId}>Search by name or alt text</Label>
            <SearchInput
              id={searchId}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        {shown.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shown.map((image) => (
              <ImageCard key={image.url} image={image} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No image matches this search.
          </p>
        )}
      </section>
    </AdminPage>
  );
}
