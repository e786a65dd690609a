// A search field with a magnifier inside it (shadcn style over the Input primitive), for the admin
// screens that narrow a list as one types: the media library, the pickers, the link dialog.
import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { Input } from "./input";

export function SearchInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input type="search" className={cn("pl-8", className)} {...props} />
    </div>
  );
}
