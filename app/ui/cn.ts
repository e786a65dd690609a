// Joins class names (shadcn's cn()). Unlike shadcn it does not merge conflicting Tailwind classes:
// tailwind-merge costs ~7 KB gzipped on every page (ADR 003). Callers pass classes that do not
// conflict with a component's own, or use its variants.
import { type ClassValue, clsx } from "clsx";

export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
