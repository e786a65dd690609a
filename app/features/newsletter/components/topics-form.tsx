// A subscriber's topics on a page their email's link opened: a plain form post (it works without
// JavaScript) carrying the link's token, and what became of the last save.
import { Form, useNavigation } from "react-router";
import { TopicCheckboxes } from "~/features/newsletter/components/topic-checkboxes";
import type { TopicsResult, TopicsView } from "~/features/newsletter/topic-screens.server";
import type { TopicsFormTexts } from "~/features/newsletter/topics";
import { Button } from "~/ui/button";

export function TopicsForm({
  view,
  token,
  result,
  texts,
}: {
  view: TopicsView;
  token: string;
  result: TopicsResult | undefined;
  texts: TopicsFormTexts;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "topics";
  const failed = result?.status === "failed" ? result.message : undefined;
  // A refused choice shows again as ticked; a saved one as saved.
  const chosen = result?.status === "done" ? result.body.chosen : view.chosen;
  return (
    <Form method="post" className="grid gap-4 text-left">
      <input type="hidden" name="intent" value="topics" />
      <input type="hidden" name="token" value={token} />
      <fieldset
        className="grid gap-3"
        aria-describedby={failed ? "topics-error" : "topics-hint"}
        aria-invalid={failed ? true : undefined}
      >
        <legend className="text-lg font-semibold text-navy">{texts.legend}</legend>
        <p id="topics-hint" className="text-sm text-slate-600">
          {texts.hint}
        </p>
        <TopicCheckboxes key={chosen.join(" ")} topics={view.topics} chosen={chosen} />
      </fieldset>
      {failed ? (
        <p id="topics-error" role="alert" className="text-sm font-medium text-destructive">
          {failed}
        </p>
      ) : null}
      {result?.status === "done" ? (
        <p role="status" className="text-sm font-medium text-accent">
          {result.body.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? texts.savingText : texts.buttonText}
        </Button>
      </div>
    </Form>
  );
}
