// A tick of a page's SEO settings with its hint under it (noindex, the site's name in the title).
import { useId } from "react";

export function SeoCheckbox({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-sm font-medium leading-tight">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="pl-7 text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
