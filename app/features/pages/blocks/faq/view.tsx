// The FAQ block: questions that open on their answers, marked up for search engines on an FAQ
// page.
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";

const schemaQuestion = "https://schema.org/Question";
const schemaAnswer = "https://schema.org/Answer";

/**
 * The questions, as schema.org Questions (microdata) when the page is an FAQPage (`questions`,
 * declared around the page's blocks by not-found.tsx):
 * search engines read them from the HTML itself, so no JSON-LD repeats every answer.
 */
function FaqBlock({ block, questions }: BlockViewProps<"faq", undefined>) {
  const micro = (props: Record<string, string | boolean>) => (questions ? props : {});
  return (
    <Section id={`block-${block.id}`} heading={block.heading} align="center">
      <div className="mx-auto grid max-w-3xl gap-3">
        {block.items.map((item) => (
          <details
            key={item.question}
            className="group rounded-xl border border-border bg-white p-5 shadow-sm"
            {...micro({ itemScope: true, itemProp: "mainEntity", itemType: schemaQuestion })}
          >
            <summary
              className="cursor-pointer font-semibold text-navy"
              {...micro({ itemProp: "name" })}
            >
              {item.question}
            </summary>
            <div
              {...micro({ itemScope: true, itemProp: "acceptedAnswer", itemType: schemaAnswer })}
            >
              <p
                className="mt-3 whitespace-pre-line leading-relaxed text-slate-700"
                {...micro({ itemProp: "text" })}
              >
                {item.answer}
              </p>
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}

export const faqView = {
  View: FaqBlock,
  hasContent: (block) => block.items.length > 0,
  script: false,
} satisfies BlockView<"faq", undefined>;
