// The rich-text editor's image dialog: pick an image from the media library or upload one in place,
// describe it (alt text, required), add a caption if wanted and choose its size; or change these
// for the image selected in the text.
import { useId, useState } from "react";
import type { LibraryImage } from "~/capabilities/media/image-metadata";
import { ImagePicker } from "~/capabilities/media/image-picker";
import type { ImageSize } from "~/capabilities/rich-text/rich-text";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/ui/dialog";
import { TextField } from "../../workspace/fields";
import { richTextImageSchema } from "./insert-rules";
import type { FigureAttributes } from "./rich-text-nodes";

const sizeChoices: Array<{ value: ImageSize; label: string; hint: string }> = [
  { value: "full", label: "Full width", hint: "Across the whole text column" },
  { value: "inline", label: "Inline", hint: "Narrow, beside the text on wide screens" },
];

/** The picture's own size, so the page can reserve its space before it loads. */
async function measureImage(url: string): Promise<{ width?: number; height?: number }> {
  const probe = new Image();
  probe.src = url;
  try {
    await probe.decode();
    return { width: probe.naturalWidth || undefined, height: probe.naturalHeight || undefined };
  } catch {
    return {};
  }
}

function ImageForm({
  initial,
  onDone,
}: {
  initial: FigureAttributes | undefined;
  onDone: (attributes: FigureAttributes) => void;
}) {
  const id = useId();
  const [src, setSrc] = useState(initial?.src ?? "");
  const [alt, setAlt] = useState(initial?.alt ?? "");
  const [caption, setCaption] = useState(initial?.caption ?? "");
  const [size, setSize] = useState<ImageSize>(initial?.size ?? "full");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const choose = (image: LibraryImage) => {
    setSrc(image.url);
    setErrors(({ src: _dropped, ...rest }) => rest);
    // The image's stored description is the default; what was typed already stays.
    if (image.alt && !alt.trim()) setAlt(image.alt);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    // The dialog sits inside the editor's form: its submit must not save the page.
    event.preventDefault();
    event.stopPropagation();
    const parsed = richTextImageSchema.safeParse({ src, alt, caption, size });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setBusy(true);
    const dimensions =
      initial?.src === parsed.data.src
        ? { width: initial.width ?? undefined, height: initial.height ?? undefined }
        : await measureImage(parsed.data.src);
    setBusy(false);
    onDone({
      ...parsed.data,
      width: dimensions.width ?? null,
      height: dimensions.height ?? null,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Image</legend>
        <div className="flex items-center gap-3">
          <div className="flex h-16 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-slate-100">
            {src ? (
              <img src={src} alt="" className="size-full object-cover" />
            ) : (
              <span className="px-1 text-center text-xs text-muted-foreground">None chosen</span>
            )}
          </div>
          <p className="min-w-0 text-sm wrap-anywhere text-slate-700">
            {src ? <code>{src}</code> : "Choose one below or upload a new one."}
          </p>
        </div>
        {errors.src ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.src}
          </p>
        ) : null}
        <ImagePicker selectedUrl={src} onSelect={choose} />
      </fieldset>
      <TextField
        path="rich-text-image.alt"
        label="Alt text (required)"
        hint="What the image shows, for people who cannot see it."
        error={errors.alt}
        value={alt}
        onValueChange={(value) => {
          setAlt(value);
          if (value.trim()) setErrors(({ alt: _dropped, ...rest }) => rest);
        }}
      />
      <TextField
        path="rich-text-image.caption"
        label="Caption (optional)"
        hint="Shown under the image."
        error={errors.caption}
        value={caption}
        onValueChange={setCaption}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Size</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {sizeChoices.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-input p-2.5 text-sm has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                name={`${id}-size`}
                value={choice.value}
                checked={size === choice.value}
                onChange={() => setSize(choice.value)}
                className="mt-0.5 accent-primary"
              />
              <span>
                <span className="block font-medium">{choice.label}</span>
                <span className="block text-xs text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {initial ? "Update image" : "Insert image"}
        </Button>
      </div>
    </form>
  );
}

export function ImageDialog({
  open,
  onOpenChange,
  initial,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected image's attributes, when changing one. */
  initial: FigureAttributes | undefined;
  onDone: (attributes: FigureAttributes) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{initial ? "Edit image" : "Insert an image"}</DialogTitle>
        <DialogDescription>
          An image of the media library, or a PNG, JPEG, WebP or SVG file up to 25 MB uploaded here.
        </DialogDescription>
        {open ? <ImageForm initial={initial} onDone={onDone} /> : null}
      </DialogContent>
    </Dialog>
  );
}
