// The browser's own <select>, styled like the site's inputs: keyboard and screen readers get the
// native behaviour, which suits the admin's short filter lists.
import type { ComponentProps } from "react";
import { cn } from "./cn";

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
        className,
      )}
      {...props}
    />
  );
}
