// The library's edit of one upload, in a dialog: its name (the one shown, not the stored file's),
// its alt text (the default wherever it is placed) and its focal point, set by clicking or tapping
// the picture or with two number fields, with a preview of a cover's crop around it.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { ApiRequestError } from "~/platform/api-client";
import type { FieldErrors } from "~/platform/field-errors";
import { toFieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/use-toast";
import {
  imageEditSchema,
  type LibraryImage,
  maxImageAltLength,
  maxImageNameLength,
  toObjectPosition,
} from "./image-metadata";
import { updateImage } from "./images-client";

/** A focal coordinate (0..1) as the whole percent the fields show. */
const toPercent = (value: number) => Math.round(value * 100);

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export function EditImageDialog({ image }: { image: LibraryImage }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(image.originalName);
  const [alt, setAlt] = useState(image.alt);
  const [focusX, setFocusX] = useState(String(toPercent(image.focalX)));
  const [focusY, setFocusY] = useState(String(toPercent(image.focalY)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const reset = (isOpen: boolean) => {
    if (isOpen) {
      setName(image.originalName);
      setAlt(image.alt);
      setFocusX(String(toPercent(image.focalX)));
      setFocusY(String(toPercent(image.focalY)));
      setErrors({});
    }
    setOpen(isOpen);
  };

  const focalX = Number(focusX) / 100;
  const focalY = Number(focusY) / 100;
  const focusValid = focusX !== "" && focusY !== "" && Number.isFinite(focalX + focalY);
  const position = focusValid ? (toObjectPosition(focalX, focalY) ?? "50% 50%") : "50% 50%";

  // Clicking or tapping the picture moves the focal point there; the fields below do the same
  // from the keyboard.
  const pickFocus = (event: React.MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 100)));
    setFocusX(String(clamp((event.clientX - box.left) / box.width)));
    setFocusY(String(clamp((event.clientY - box.top) / box.height)));
  };

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const edit = {
      originalName: name,
      alt,
      focalX: focusX === "" ? Number.NaN : focalX,
      focalY: focusY === "" ? Number.NaN : focalY,
    };
    const checked = imageEditSchema.safeParse(edit);
    if (!checked.success) {
      setErrors(toFieldErrors(checked.error.issues));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const saved = await updateImage(image.url, checked.data);
      toast({ title: "Image Saved", description: `${saved.originalName} was saved.` });
      setOpen(false);
      await revalidator.revalidate();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setErrors(failure.fieldErrors);
      toast({
        title: "Not Saved",
        description: describeRequestError(failure, "Unable to save the image"),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="justify-self-start">
          Edit
          <span className="sr-only"> {image.originalName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Edit image</DialogTitle>
        <DialogDescription>
          The name and alt text are shown in the library; the alt text and focal point are the
          defaults wherever the image is placed. The stored file and its address stay the same.
        </DialogDescription>
        <form onSubmit={save} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={maxImageNameLength}
              aria-invalid={errors.originalName ? true : undefined}
              aria-describedby={described("originalName")}
              onChange={(event) => setName(event.target.value)}
            />
            <FieldError id={`${id}-originalName-error`} message={errors.originalName} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-alt`}>Alt text</Label>
            <Textarea
              id={`${id}-alt`}
              value={alt}
              rows={2}
              className="min-h-16"
              maxLength={maxImageAltLength}
              aria-invalid={errors.alt ? true : undefined}
              aria-describedby={`${id}-alt-hint ${described("alt") ?? ""}`.trim()}
              onChange={(event) => setAlt(event.target.value)}
            />
            <p id={`${id}-alt-hint`} className="text-xs text-muted-foreground">
              What the image shows, for people who cannot see it.
            </p>
            <FieldError id={`${id}-alt-error`} message={errors.alt} />
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Focal point</legend>
            <p id={`${id}-focus-hint`} className="text-xs text-muted-foreground">
              Click or tap the subject of the picture, or type its position: crops keep it in view.
            </p>
            <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
              {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's shortcut; the two fields below set the same point from the keyboard. */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: the fields below are the keyboard's way. */}
              <div
                data-testid="focal-picker"
                className="relative cursor-crosshair overflow-hidden rounded-lg bg-slate-100"
                onClick={pickFocus}
              >
                {/* Its size is known before the picture arrives: the dialog does not grow under a
                    pointer, and a click lands where the picture will be. */}
                <img
                  src={image.url}
                  alt=""
                  width={image.width}
                  height={image.height}
                  className="block h-auto w-full select-none"
                  draggable={false}
                />
                {focusValid ? (
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/70 shadow"
                    style={{ left: `${focalX * 100}%`, top: `${focalY * 100}%` }}
                  />
                ) : null}
              </div>
              <div className="grid content-start gap-2">
                <p className="text-xs font-medium text-slate-700">Cover crop</p>
                <img
                  src={image.url}
                  alt=""
                  className="aspect-[3/2] w-full rounded border border-border object-cover"
                  style={{ objectPosition: position }}
                />
                <img
                  src={image.url}
                  alt=""
                  className="aspect-square w-2/3 rounded border border-border object-cover"
                  style={{ objectPosition: position }}
                />
              </div>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-x`}>From the left (%)</Label>
                <Input
                  id={`${id}-x`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  value={focusX}
                  aria-invalid={errors.focalX ? true : undefined}
                  aria-describedby={`${id}-focus-hint ${described("focalX") ?? ""}`.trim()}
                  onChange={(event) => setFocusX(event.target.value)}
                />
                <FieldError id={`${id}-focalX-error`} message={errors.focalX} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-y`}>From the top (%)</Label>
                <Input
                  id={`${id}-y`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  value={focusY}
                  aria-invalid={errors.focalY ? true : undefined}
                  aria-describedby={`${id}-focus-hint ${described("focalY") ?? ""}`.trim()}
                  onChange={(event) => setFocusY(event.target.value)}
                />
                <FieldError id={`${id}-focalY-error`} message={errors.focalY} />
              </div>
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Image"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
