// The embedded booking calendar: a 700 px frame of the external booking address, covered by a
// loading placeholder until the frame's load event. The frame is created after hydration so its
// load event cannot fire before React listens for it; without JavaScript a <noscript> copy shows.
import { CalendarDays, LoaderCircle } from "lucide-react";
import { useState } from "react";
import type { SiteContent } from "~/features/content/schema";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { ExternalBookingLink } from "./external-booking-link";

/** The booking frame's height, in CSS pixels. */
export const bookingFrameHeight = 700;

const frameTitle = "Booking calendar: schedule your free 30-minute consultation";

/** The placeholder's and the fallback link's words, from the content's booking section. */
export type BookingFrameTexts = Pick<
  SiteContent["booking"],
  "calendarLoadingHeading" | "calendarLoadingText" | "calendarFallbackText" | "calendarLinkText"
>;

export function BookingFrame({ url, texts }: { url: string; texts: BookingFrameTexts }) {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(false);
  return (
    <div>
      <div
        className="relative overflow-hidden rounded-2xl border border-border bg-white shadow-sm"
        style={{ height: bookingFrameHeight }}
      >
        <noscript>
          <style>{"[data-booking-placeholder]{display:none!important}"}</style>
        </noscript>
        {hydrated ? (
          <iframe
            src={url}
            title={frameTitle}
            height={bookingFrameHeight}
            className="block w-full border-0"
            style={{ height: bookingFrameHeight }}
            onLoad={() => setLoaded(true)}
          />
        ) : (
          <noscript>
            <iframe
              src={url}
              title={frameTitle}
              height={bookingFrameHeight}
              className="block w-full border-0"
              style={{ height: bookingFrameHeight }}
            />
          </noscript>
        )}
        {loaded ? null : (
          <div
            data-booking-placeholder=""
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center"
          >
            <span className="relative flex size-16 items-center justify-center rounded-2xl bg-white text-primary shadow-sm ring-1 ring-border">
              <CalendarDays className="size-7" aria-hidden="true" />
              <LoaderCircle
                className="absolute -right-2 -top-2 size-6 animate-spin rounded-full bg-white text-accent motion-reduce:animate-none"
                aria-hidden="true"
              />
            </span>
            <p className="font-semibold text-navy">{texts.calendarLoadingHeading}</p>
            <p className="max-w-sm text-sm text-slate-600">{texts.calendarLoadingText}</p>
          </div>
        )}
      </div>
      <p className="mt-4 flex flex-col items-start gap-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <span>{texts.calendarFallbackText}</span>
        <ExternalBookingLink variant="outline" size="sm">
          {texts.calendarLinkText}
        </ExternalBookingLink>
      </p>
    </div>
  );
}
