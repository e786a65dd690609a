// The services block: service cards linking to their pages, all of them or the ones chosen.
import { ServiceCard, type ServiceSummary } from "~/features/pages/services/service-card";
import { Section } from "../block-section";
import type { BlockOf, BlockView, BlockViewProps } from "../block-view";

export type ServicesBlockData = (ServiceSummary & { slug: string })[];

/** The services a block shows: the chosen ones, or every one. */
const pickServices = (block: BlockOf<"services">, services: ServicesBlockData) =>
  block.chosen.length
    ? services.filter((service) => block.chosen.includes(service.slug))
    : services;

function ServicesBlock({ block, data }: BlockViewProps<"services", ServicesBlockData>) {
  return (
    <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro} tone="slate">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {pickServices(block, data).map((service) => (
          <ServiceCard key={service.slug} service={service} />
        ))}
      </div>
    </Section>
  );
}

export const servicesView = {
  View: ServicesBlock,
  hasContent: (block, data) => pickServices(block, data).length > 0,
  script: false,
} satisfies BlockView<"services", ServicesBlockData>;
