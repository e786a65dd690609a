// The Brand screen's fields: logo and site icon chosen from the image library (or the built-in
// mark), the two colours with their measured contrast, the fonts, and the search engines' codes.
import { useState } from "react";
import type { LibraryImage } from "~/capabilities/media/image-metadata";
import { ImagePicker } from "~/capabilities/media/image-picker";
import { ImageUploadError, useImageUpload } from "~/capabilities/media/image-upload";
import { TextField, useFieldMessages } from "~/capabilities/workspace/fields";
import {
  describeLowContrast,
  formatContrastRatio,
  getContrastRatio,
  isHexColor,
} from "~/platform/color-contrast";
import { type FontFamilyId, fontFamilies, fontFamilyIds } from "~/platform/document/font-families";
import type { FieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/ui/dialog";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { textOnBrandColors } from "../brand-schema";

/** A logo or icon: the chosen upload with a preview, a library picker, and the built-in one. */
export function BrandImageField({
  name,
  label,
  hint,
  url,
  onChange,
  error,
  builtInLabel,
}: {
  name: string;
  label: string;
  hint: string;
  url: string;
  onChange: (url: string) => void;
  error: string | undefined;
  builtInLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const field = useFieldMessages(name, error, hint);
  const choose = (image: LibraryImage) => {
    onChange(image.url);
    setOpen(false);
  };
  // The field's own: an upload lands here even when the dialog was closed before it ended.
  const upload = useImageUpload(({ image }) => choose(image));
  return (
    <fieldset className="grid gap-3" aria-describedby={field.inputProps["aria-describedby"]}>
      <legend className="mb-3 text-sm font-medium leading-none">{label}</legend>
      {field.hint}
      <input type="hidden" name={name} value={url} />
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 min-w-20 items-center justify-center rounded-lg border border-border bg-muted p-2">
          {url ? (
            <img src={url} alt={`Chosen ${label.toLowerCase()}`} className="max-h-16 max-w-48" />
          ) : (
            <img src="/favicon.svg" alt={builtInLabel} className="size-12" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(true)}>
            Choose from the library
          </Button>
          {url ? (
            <Button type="button" variant="ghost" onClick={() => onChange("")}>
              Use the built-in mark
            </Button>
          ) : null}
        </div>
      </div>
      {field.error}
      {open ? null : <ImageUploadError upload={upload} />}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogTitle>Choose the {label.toLowerCase()}</DialogTitle>
          <DialogDescription>Pick an image from the library, or upload one.</DialogDescription>
          {open ? (
            <ImagePicker selectedUrl={url || undefined} onSelect={choose} upload={upload} />
          ) : null}
        </DialogContent>
      </Dialog>
    </fieldset>
  );
}

/** One field of the Brand form: its posted name, label, value and the server's refusal. */
type BrandFieldProps<Value extends string> = {
  name: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  error: string | undefined;
};

/**
 * A brand colour: a swatch picker and the hex text, with white text's measured contrast on it, or
 * what would be hard to read on a band the site makes from it (`bandProblem`).
 */
export function BrandColorField({
  name,
  label,
  value,
  onChange,
  error,
  bandProblem,
}: BrandFieldProps<string> & { bandProblem?: string | undefined }) {
  const valid = isHexColor(value);
  const problem = valid
    ? (describeLowContrast(value, textOnBrandColors) ?? bandProblem)
    : undefined;
  const measured = valid
    ? `White text on it: ${formatContrastRatio(getContrastRatio(value, textOnBrandColors.hex))}`
    : "Enter # and six hex digits";
  // The server's refusal wins; until a post, the live measure says the same.
  const field = useFieldMessages(name, error ?? problem, (error ?? problem) ? undefined : measured);
  return (
    <div className="grid gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`${label}: colour picker`}
          value={valid ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 cursor-pointer rounded-md border border-input bg-white p-1"
        />
        <Input
          {...field.inputProps}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="max-w-36 font-mono"
          spellCheck={false}
          autoComplete="off"
        />
        <span
          className="inline-flex h-10 items-center rounded-md px-3 text-sm font-semibold text-white"
          style={{ backgroundColor: valid ? value : "#000000" }}
          aria-hidden="true"
        >
          Sample
        </span>
      </div>
      {field.hint}
      {field.error}
    </div>
  );
}

export function BrandFontField({
  name,
  label,
  value,
  onChange,
  error,
}: BrandFieldProps<FontFamilyId>) {
  const field = useFieldMessages(name, error);
  return (
    <div className="grid gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <NativeSelect
        {...field.inputProps}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as FontFamilyId)}
      >
        {fontFamilyIds.map((id) => (
          <option key={id} value={id}>
            {fontFamilies[id].label}
          </option>
        ))}
      </NativeSelect>
      {field.error}
    </div>
  );
}

export function VerificationField({
  name,
  label,
  hint,
  value,
  onChange,
  errors,
}: {
  name: "googleVerification" | "bingVerification";
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <TextField
      path={name}
      name={name}
      label={label}
      hint={hint}
      value={value}
      onValueChange={onChange}
      error={errors[name]}
      spellCheck={false}
      autoComplete="off"
      className="font-mono"
    />
  );
}
