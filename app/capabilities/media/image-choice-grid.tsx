// The library's images as a radio group of thumbnails, for the places that choose one (the cover
// field, the rich-text editor's picker): arrow keys move between them, the chosen one is marked.
import { cn } from "~/ui/cn";

/** One image to choose: its address, the name shown under it, and its crop (object-position). */
export type ImageChoice = { url: string; label: string; position?: string | undefined };

export function ImageChoiceGrid({
  id,
  choices,
  selectedUrl,
  onSelect,
  className,
}: {
  /** The radio group's id; its inputs share a name derived from it. */
  id: string;
  choices: readonly ImageChoice[];
  selectedUrl: string | undefined;
  onSelect: (url: string) => void;
  className?: string;
}) {
  return (
    <div
      id={id}
      role="radiogroup"
      aria-label="Images in the library"
      className={cn(
        "grid grid-cols-2 gap-2 overflow-y-auto rounded-lg border border-border bg-slate-50 p-2",
        className,
      )}
    >
      {choices.map((image) => (
        <label
          key={image.url}
          className="relative grid min-w-0 cursor-pointer gap-1 rounded-md border border-transparent bg-white p-1.5 text-xs shadow-sm has-checked:border-primary has-checked:ring-2 has-checked:ring-primary/40 has-focus-visible:outline-2 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            name={`${id}-choice`}
            value={image.url}
            checked={image.url === selectedUrl}
            onChange={() => onSelect(image.url)}
            className="sr-only"
          />
          <img
            src={image.url}
            alt=""
            loading="lazy"
            style={image.position ? { objectPosition: image.position } : undefined}
            className="aspect-[3/2] w-full rounded bg-slate-100 object-cover"
          />
          <span className="truncate text-slate-700">{image.label}</span>
        </label>
      ))}
    </div>
  );
}
