// Who a draft goes to: everyone who confirmed, or the subscribers of chosen topics. Each change is
// saved at once and answered with the count it reaches, counted by the query the send uses.
import { useState } from "react";
import { useFetcher } from "react-router";
import { TopicCheckboxes } from "~/features/newsletter/components/topic-checkboxes";
import type { AudienceResult } from "~/features/newsletter/topic-screens.server";
import type { Audience, Topic } from "~/features/newsletter/topics";
import { Card } from "~/ui/card";

const plural = (count: number) => `${count} ${count === 1 ? "subscriber" : "subscribers"}`;

export function AudienceChooser({
  newsletterId,
  topics,
  audience,
  count,
  disabled,
}: {
  newsletterId: number;
  topics: readonly Topic[];
  audience: Audience;
  /** How many the saved audience reaches, as the page was loaded. */
  count: number;
  disabled?: boolean;
}) {
  const fetcher = useFetcher<AudienceResult>();
  const [kind, setKind] = useState(audience.kind);
  // A service removed since is not offered: the next tick leaves it out.
  const [chosen, setChosen] = useState(() =>
    audience.kind === "topics"
      ? audience.topics.filter((key) => topics.some((topic) => topic.key === key))
      : [],
  );
  const save = (nextKind: Audience["kind"], nextChosen: string[]) => {
    setKind(nextKind);
    setChosen(nextChosen);
    const form = new FormData();
    form.set("audience", nextKind);
    for (const topic of nextChosen) form.append("topic", topic);
    void fetcher.submit(form, {
      method: "post",
      action: `/admin/newsletter/${newsletterId}/audience`,
    });
  };
  const answer = fetcher.data;
  const shown = answer?.status === "done" ? answer.body.count : count;
  const counting = fetcher.state !== "idle";
  const radio = (value: Audience["kind"], label: string) => (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
      <input
        type="radio"
        name="audience"
        value={value}
        checked={kind === value}
        disabled={disabled}
        onChange={() => save(value, chosen)}
        className="size-4 accent-primary"
      />
      {label}
    </label>
  );
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <fieldset className="grid gap-1">
        <legend className="text-base font-semibold text-navy">Who gets it</legend>
        {radio("everyone", "Every confirmed subscriber")}
        {radio("topics", "Subscribers of chosen topics")}
      </fieldset>
      {kind === "topics" ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-700">Topics</legend>
          <TopicCheckboxes
            topics={topics}
            chosen={chosen}
            disabled={disabled}
            onChange={(key, checked) =>
              save("topics", checked ? [...chosen, key] : chosen.filter((topic) => topic !== key))
            }
          />
          <p className="text-xs text-slate-500">
            Subscribers who never chose topics hear about every topic.
          </p>
        </fieldset>
      ) : null}
      <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {answer?.status === "failed" ? (
          <span className="text-red-700">{answer.message}</span>
        ) : (
          <span>
            {counting ? "Counting..." : `${plural(shown)} will get this newsletter.`}
            {!counting && kind === "topics" && chosen.length === 0
              ? " Tick at least one topic."
              : ""}
          </span>
        )}
      </p>
    </Card>
  );
}
