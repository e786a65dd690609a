// Placeholder block shown while data loads.
import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("animate-pulse-soft rounded-md bg-muted", className)} {...props} />;
}
