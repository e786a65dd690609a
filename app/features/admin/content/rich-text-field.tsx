// A labelled rich-text field. The TipTap editor's code is fetched only in the browser, when the
// first such field shows; until it is ready the field reads "Loading editor..." (spec section 2).
import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { EditorPlaceholder } from "./editor-placeholder";
import { useFieldMessages } from "./fields";

const RichTextEditor = lazy(() =>
  import("./rich-text-editor").then((module) => ({ default: module.RichTextEditor })),
);

export function RichTextField({
  path,
  label,
  error,
  hint,
  value,
  onValueChange,
}: {
  path: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  value: string;
  onValueChange: (html: string) => void;
}) {
  const hydrated = useHydrated();
  const field = useFieldMessages(path, error, hint);
  const labelId = `${field.id}-label`;
  return (
    <div className="grid grid-cols-1 gap-2">
      <span id={labelId} className="text-sm font-medium leading-none text-foreground">
        {label}
      </span>
      {field.hint}
      {hydrated ? (
        <Suspense fallback={<EditorPlaceholder />}>
          <RichTextEditor
            id={field.id}
            labelId={labelId}
            value={value}
            onValueChange={onValueChange}
            invalid={Boolean(error)}
            describedBy={field.inputProps["aria-describedby"]}
          />
        </Suspense>
      ) : (
        <EditorPlaceholder />
      )}
      {field.error}
    </div>
  );
}
