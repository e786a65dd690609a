// The contact form block: the site's contact form in a card; messages reach the Leads inbox.
import type { SiteContent } from "~/features/content/schema";
import { ContactForm } from "~/features/leads/components/contact-form";
import { Card } from "~/ui/card";
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";

export type ContactBlockData =
  | {
      formHeading: string;
      submitText: string;
      formTexts: SiteContent["forms"];
      formToken: string | undefined;
    }
  | undefined;

export function ContactBlock({ block, data }: BlockViewProps<"contact", ContactBlockData>) {
  return data ? (
    <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro} tone="slate">
      <Card className="mx-auto max-w-3xl p-6 sm:p-8">
        {/* The owner's heading names the form; the form's own is for a block without one. */}
        <ContactForm
          heading={block.heading ? undefined : data.formHeading}
          labelledBy={`block-${block.id}`}
          submitText={data.submitText}
          texts={data.formTexts}
          formToken={data.formToken}
        />
      </Card>
    </Section>
  ) : null;
}

export const contactView = {
  View: ContactBlock,
  hasContent: (_block, data) => Boolean(data),
  script: true,
} satisfies BlockView<"contact", ContactBlockData>;
