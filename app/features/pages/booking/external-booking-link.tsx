// A button that opens the external booking calendar in a new tab, without giving it a handle on
// this page (noopener) or telling it where the visitor came from (noreferrer). It goes through the
// site's own redirect (/booking/go), which counts the click as a conversion with no script.
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/ui/button";

/** The site's redirect to the booking calendar (routes/booking-go.ts). */
export const bookingRedirectPath = "/booking/go";

export function ExternalBookingLink({
  children,
  variant,
  size = "lg",
  className,
}: {
  children: ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={bookingRedirectPath} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
