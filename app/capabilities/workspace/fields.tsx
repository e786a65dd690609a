// The content forms' labelled fields: text, multi-line text, text stored in another form (lists
// one item per line, a heading line as HTML) and collapsible groups. Each field is named by its dotted content path, which also gives its id and
// the key of its validation error.
import { ChevronDown, Trash2 } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import type { FieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Textarea } from "~/ui/textarea";
import { formatLines, getHeroTitleText, parseLines, toHeroTitleHtml } from "./field-text";

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

export type FieldProps = {
  path: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A label, its hint, the control and its error: the frame every field shares. */
export function FieldFrame({
  field,
  label,
  labelId,
  children,
}: {
  field: ReturnType<typeof useFieldMessages>;
  label: string;
  /** For a control a <label> cannot name: the label's id, for its aria-labelledby. */
  labelId?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-2">
      {labelId ? (
        <span id={labelId} className="text-sm font-medium leading-none text-foreground">
          {label}
        </span>
      ) : (
        <Label htmlFor={field.id}>{label}</Label>
      )}
      {field.hint}
      {children}
      {field.error}
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "id">;

/** Text, one line or (multiline) several. */
export function TextField({
  path,
  label,
  error,
  hint,
  value,
  onValueChange,
  multiline = false,
  rows = 3,
  ...inputProps
}: FieldProps & {
  value: string;
  onValueChange: (value: string) => void;
  multiline?: boolean | undefined;
  rows?: number | undefined;
} & InputProps) {
  const field = useFieldMessages(path, error, hint);
  return (
    <FieldFrame field={field} label={label}>
      {multiline ? (
        <Textarea
          {...field.inputProps}
          rows={rows}
          className="min-h-0"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      ) : (
        <Input
          {...inputProps}
          {...field.inputProps}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FieldFrame>
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

const storedForms = {
  /** A list edited one item per line; blank lines are dropped. */
  lines: { format: formatLines, parse: parseLines, multiline: true },
  /** Plain text stored as one HTML paragraph (Hero Title over hero.heading1). */
  htmlLine: { format: getHeroTitleText, parse: toHeroTitleHtml, multiline: false },
} as const;

type StoredValue<Form extends keyof typeof storedForms> = ReturnType<
  (typeof storedForms)[Form]["parse"]
>;

/** A field whose text is stored in another form: see storedForms. */
export function StoredTextField<Form extends keyof typeof storedForms>({
  form,
  value,
  onValueChange,
  rows = 6,
  ...props
}: FieldProps & {
  form: Form;
  value: StoredValue<Form>;
  onValueChange: (value: StoredValue<Form>) => void;
  rows?: number | undefined;
}) {
  const { format, parse, multiline } = storedForms[form] as unknown as {
    format: (value: StoredValue<Form>) => string;
    parse: (text: string) => StoredValue<Form>;
    multiline: boolean;
  };
  const [text, setText] = useTypedText(value, format, parse);
  return (
    <TextField
      {...props}
      multiline={multiline}
      rows={rows}
      value={text}
      onValueChange={(typed) => {
        setText(typed);
        onValueChange(parse(typed));
      }}
    />
  );
}

/** The first error of a field or of anything under it. */
export function hasErrorUnder(errors: FieldErrors, path: string): boolean {
  return Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));
}

/** Fields beyond the main ones, folded away so the main fields stay first and obvious. */
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

/** Removes one item of a list: an icon button, or with text a labelled one. */
export function RemoveItemButton({
  label,
  text,
  className = "",
  onClick,
}: {
  /** What a screen reader hears: "Delete Service 2". */
  label: string;
  text?: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size={text ? "sm" : "icon"}
      className={`text-destructive hover:bg-red-50 ${className}`}
      aria-label={label}
      title={text ? undefined : label}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" />
      {text}
    </Button>
  );
}
