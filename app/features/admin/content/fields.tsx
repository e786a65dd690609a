// The content editor's labelled fields: text, multi-line text, one-item-per-line lists and
// collapsible groups. Each field is named by its dotted content path, which also gives its id and
// the key of its validation error.
import { ChevronDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatLines, parseLines } from "~/features/admin/content/editor-model";
import type { FieldErrors } from "~/lib/field-errors";

export function toFieldId(path: string): string {
  return `field-${path.replace(/[^\w-]/g, "-")}`;
}

/** The error and hint under a field, and the aria attributes that tie them to it. */
export function useFieldMessages(path: string, error?: string, hint?: string) {
  const id = toFieldId(path);
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    inputProps: {
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
    },
    hint: hint ? (
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        {hint}
      </p>
    ) : null,
    error: error ? (
      <p id={`${id}-error`} className="text-sm font-medium text-destructive">
        {error}
      </p>
    ) : null,
  };
}

type FieldProps = {
  path: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

export function TextField({
  path,
  label,
  error,
  hint,
  value,
  onValueChange,
  ...inputProps
}: FieldProps & {
  value: string;
  onValueChange: (value: string) => void;
} & Omit<ComponentProps<"input">, "value" | "onChange" | "id">) {
  const field = useFieldMessages(path, error, hint);
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      {field.hint}
      <Input
        {...inputProps}
        {...field.inputProps}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {field.error}
    </div>
  );
}

export function TextAreaField({
  path,
  label,
  error,
  hint,
  value,
  onValueChange,
  rows = 3,
}: FieldProps & { value: string; onValueChange: (value: string) => void; rows?: number }) {
  const field = useFieldMessages(path, error, hint);
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      {field.hint}
      <Textarea
        {...field.inputProps}
        rows={rows}
        className="min-h-0"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {field.error}
    </div>
  );
}

/**
 * Text that is stored in another form (a list, an HTML paragraph). The typed text is kept as
 * typed, so a new empty line or a trailing space does not vanish under the cursor; it is replaced
 * only when the stored value changes from elsewhere (a reload, a restored draft).
 */
export function useTypedText<T>(
  value: T,
  format: (value: T) => string,
  parse: (text: string) => T,
) {
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (JSON.stringify(parse(text)) !== JSON.stringify(value)) setText(format(value));
  }
  return [text, setText] as const;
}

/** A list edited one item per line; blank lines are dropped (spec section 5). */
export function LinesField({
  path,
  label,
  error,
  hint = "One per line. Blank lines are ignored.",
  value,
  onValueChange,
  rows = 6,
}: FieldProps & { value: string[]; onValueChange: (value: string[]) => void; rows?: number }) {
  const [text, setText] = useTypedText(value, formatLines, parseLines);
  const field = useFieldMessages(path, error, hint);
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      {field.hint}
      <Textarea
        {...field.inputProps}
        rows={rows}
        className="min-h-0"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onValueChange(parseLines(event.target.value));
        }}
      />
      {field.error}
    </div>
  );
}

/** The first error of a field or of anything under it. */
export function hasErrorUnder(errors: FieldErrors, path: string): boolean {
  return Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));
}

/** Fields beyond the spec's own, folded away so the spec's fields stay first and obvious. */
export function MoreFields({
  title,
  description,
  hasError = false,
  children,
}: {
  title: string;
  description?: string;
  hasError?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      // Opened whenever a field inside has an error, so the error is seen and can be focused.
      open={open || hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-lg border border-border bg-slate-50/70"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 text-sm font-semibold text-navy hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span>
          {title}
          {description ? (
            <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
              {description}
            </span>
          ) : null}
        </span>
        <ChevronDown
          className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="grid gap-5 border-t border-border bg-white px-4 py-5 rounded-b-lg">
        {children}
      </div>
    </details>
  );
}
