// The booking calendar block: the consultation booking calendar of the Booking page.
import type { SiteContent } from "~/features/content/schema";
import { BookingFrame } from "~/features/pages/booking/booking-frame";
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";

export type BookingBlockData = SiteContent["booking"] | undefined;

export function BookingBlock({ block, data }: BlockViewProps<"booking", BookingBlockData>) {
  return data ? (
    <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro}>
      <BookingFrame url={data.url} texts={data} />
    </Section>
  ) : null;
}

export const bookingView = {
  View: BookingBlock,
  hasContent: (_block, data) => Boolean(data),
  script: true,
} satisfies BlockView<"booking", BookingBlockData>;
