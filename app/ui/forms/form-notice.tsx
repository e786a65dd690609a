// The outcome of a form shown in the page (the no-JavaScript counterpart of a toast): a titled
// notice, announced to screen readers.
import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/ui/cn";

export function FormNotice({
  variant,
  title,
  children,
  className,
}: {
  variant: "success" | "error";
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const Icon = variant === "success" ? CircleCheck : CircleAlert;
  return (
    <div
      role={variant === "success" ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm",
        variant === "success"
          ? "border-teal-200 bg-teal-50 text-teal-900"
          : "border-red-200 bg-red-50 text-red-900",
        className,
      )}
    >
      <Icon
        className={cn(
          "mt-0.5 size-5 shrink-0",
          variant === "success" ? "text-accent" : "text-destructive",
        )}
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold">{title}</p>
        <div className="mt-1 leading-relaxed">{children}</div>
      </div>
    </div>
  );
}
