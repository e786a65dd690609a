// What a rich-text field shows until its editor is ready ("Loading editor...").
export function EditorPlaceholder() {
  return (
    <div className="flex min-h-[200px] items-center justify-center rounded-md border border-dashed border-input bg-slate-50 text-sm text-muted-foreground">
      <span role="status">Loading editor...</span>
    </div>
  );
}
