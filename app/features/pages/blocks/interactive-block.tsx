// The blocks that need the browser's JavaScript (the contact form, the newsletter sign-up, the
// booking calendar): the only ones a built page ships code for; the rest are drawn on the server.
import type { Block } from "~/capabilities/blocks/page-blocks";
import { ContactForm } from "~/features/leads/components/contact-form";
import { NewsletterBlock } from "~/features/newsletter/components/newsletter-block";
import { BookingFrame } from "~/features/pages/booking/booking-frame";
import { Card } from "~/ui/card";
import { Section } from "./block-section";
import type { BlocksData } from "./blocks-data.server";

export type InteractiveBlockType = "contact" | "newsletter" | "booking";
export type InteractiveData = Pick<BlocksData, "contact" | "newsletter" | "booking">;

export function isInteractiveBlock(
  block: Block,
): block is Extract<Block, { type: InteractiveBlockType }> {
  return block.type === "contact" || block.type === "newsletter" || block.type === "booking";
}

export function InteractiveBlock({ block, data }: { block: Block; data: InteractiveData }) {
  switch (block.type) {
    case "contact":
      return data.contact ? (
        <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro} tone="slate">
          <Card className="mx-auto max-w-3xl p-6 sm:p-8">
            {/* The owner's heading names the form; the form's own is for a block without one. */}
            <ContactForm
              heading={block.heading ? undefined : data.contact.formHeading}
              labelledBy={`block-${block.id}`}
              submitText={data.contact.submitText}
              texts={data.contact.formTexts}
              formToken={data.contact.formToken}
            />
          </Card>
        </Section>
      ) : null;
    case "newsletter":
      return <NewsletterBlock {...data.newsletter} />;
    case "booking":
      return data.booking ? (
        <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro}>
          <BookingFrame url={data.booking.url} texts={data.booking} />
        </Section>
      ) : null;
    default:
      return null;
  }
}
