// The topics as a group of labelled checkboxes named "topic": one list for the subscriber's pages,
// the owner's edit and a draft's audience, so each says the same thing the same way. Only classes
// the public stylesheet has already: a new one would change every public page's inlined CSS.
import type { Topic } from "~/features/newsletter/topics";

export function TopicCheckboxes({
  topics,
  chosen,
  disabled,
  onChange,
}: {
  topics: readonly Topic[];
  chosen: readonly string[];
  disabled?: boolean;
  onChange?: (key: string, checked: boolean) => void;
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {topics.map((topic) => (
        <li key={topic.key}>
          <label className="flex h-full items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-sm text-slate-800">
            <input
              type="checkbox"
              name="topic"
              value={topic.key}
              disabled={disabled}
              {...(onChange
                ? {
                    checked: chosen.includes(topic.key),
                    onChange: (event) => onChange(topic.key, event.currentTarget.checked),
                  }
                : { defaultChecked: chosen.includes(topic.key) })}
              className="size-4 shrink-0"
            />
            <span>{topic.label}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
