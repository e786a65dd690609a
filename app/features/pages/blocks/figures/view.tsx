// The figures block: a row of figures such as "15+ Years Experience".
import { Section } from "../block-section";
import type { BlockView, BlockViewProps } from "../block-view";

function FiguresBlock({ block }: BlockViewProps<"figures", undefined>) {
  return (
    <Section id={`block-${block.id}`}>
      <ul className="grid divide-y divide-border rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:grid-flow-col sm:auto-cols-fr sm:divide-x sm:divide-y-0">
        {block.items.map((item) => (
          <li key={item.value + item.label} className="p-6 text-center sm:p-8">
            <span className="block text-4xl font-bold text-navy">{item.value}</span>
            <span className="mt-1 block text-sm font-medium text-slate-600">{item.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export const figuresView = {
  View: FiguresBlock,
  hasContent: (block) => block.items.length > 0,
  script: false,
} satisfies BlockView<"figures", undefined>;
