// A labelled rich-text field. The TipTap editor's code is fetched only in the browser, when the
// first such field shows; until it is ready the field reads "Loading editor...".
import { lazy, Suspense } from "react";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { FieldFrame, type FieldProps, useFieldMessages } from "../../workspace/fields";
import { EditorPlaceholder } from "./editor-placeholder";

const RichTextEditor = lazy(() =>
  import("./rich-text-editor").then((module) => ({ default: module.RichTextEditor })),
);

export function RichTextField({
  value,
  onValueChange,
  ...props
}: FieldProps & { value: string; onValueChange: (html: string) => void }) {
  const hydrated = useHydrated();
  const field = useFieldMessages(props.path, props.error, props.hint);
  // A contenteditable cannot be the target of a <label>: it is named by aria-labelledby.
  const labelId = `${field.id}-label`;
  return (
    <FieldFrame field={field} label={props.label} labelId={labelId}>
      {hydrated ? (
        <Suspense fallback={<EditorPlaceholder />}>
          <RichTextEditor
            id={field.id}
            labelId={labelId}
            value={value}
            onValueChange={onValueChange}
            invalid={Boolean(props.error)}
            describedBy={field.inputProps["aria-describedby"]}
          />
        </Suspense>
      ) : (
        <EditorPlaceholder />
      )}
    </FieldFrame>
  );
}
