// A button that opens the external booking calendar in a new tab, without giving it a handle on
// this page (noopener) or telling it where the visitor came from (noreferrer).
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/ui/button";

export function ExternalBookingLink({
  url,
  children,
  variant,
  size = "lg",
  className,
}: {
  url: string;
  children: ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
