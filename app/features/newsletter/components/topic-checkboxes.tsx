// The topics as a group of labelled checkboxes named "topic": one list for the subscriber's pages,
// the owner's edit and a draft's audience, so each says the same thing the same way.
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
          <label className="flex min-h-11 items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm text-slate-800 has-[:checked]:border-primary/50 has-[:checked]:bg-tint">
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
              className="size-4 shrink-0 accent-primary"
            />
            <span>{topic.label}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
