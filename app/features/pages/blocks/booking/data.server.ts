// The booking block's data: the booking page's calendar address and words.
import type { BlockData } from "../block-data";
import type { BookingBlockData } from "./view";

export const bookingData = {
  load: ({ content, shown }) => (shown ? content.booking : undefined),
} satisfies BlockData<"booking", BookingBlockData>;
