// The testimonials block: clients' quotes as cards, with a photo or the initials.
import { Quote } from "lucide-react";
import { testimonialPhotoSizes } from "~/features/publishing/components/image-sizes";
import { InitialsAvatar, toInitials } from "~/ui/sections/initials-avatar";
import { BlockImage } from "../block-image";
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";

function TestimonialsBlock({ block }: BlockViewProps<"testimonials", undefined>) {
  return (
    <Section id={`block-${block.id}`} heading={block.heading} tone="slate">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {block.items.map((item) => (
          <figure
            key={item.name + item.quote.slice(0, 20)}
            className="rounded-xl border border-border bg-white p-6 shadow-sm"
          >
            <Quote className="size-7 text-accent" aria-hidden="true" />
            <blockquote className="mt-3 text-base leading-relaxed text-slate-700">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="mt-5 flex items-center gap-3">
              {item.photo.url ? (
                <BlockImage
                  image={item.photo}
                  sizes={testimonialPhotoSizes}
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 rounded-full object-cover"
                />
              ) : (
                <InitialsAvatar initials={toInitials(item.name)} />
              )}
              <span className="text-sm">
                <span className="block font-semibold text-navy">{item.name}</span>
                <span className="block text-slate-600">
                  {[item.role, item.company].filter(Boolean).join(", ")}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

export const testimonialsView = {
  View: TestimonialsBlock,
  hasContent: (block) => block.items.length > 0,
  script: false,
} satisfies BlockView<"testimonials", undefined>;
