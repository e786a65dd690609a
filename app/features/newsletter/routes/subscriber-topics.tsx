// /admin/newsletter/subscribers/:id/topics: the owner edits what one subscriber hears about (at
// their request, say). A plain form; the save is logged without naming the subscriber.
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import { SubscriberStateBadge } from "~/features/newsletter/components/state-badges";
import { TopicCheckboxes } from "~/features/newsletter/components/topic-checkboxes";
import {
  loadSubscriberTopicsEditor,
  runSubscriberTopicsEdit,
} from "~/features/newsletter/topic-screens.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/subscriber-topics";

/** Owners only: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const screen = await loadSubscriberTopicsEditor(context, Number(params.id));
  if (!screen) throw data("This subscriber does not exist (any more).", { status: 404 });
  return screen;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const answered = await runSubscriberTopicsEdit(request, context, Number(params.id));
  return data(answered.result, { status: answered.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Subscriber's topics",
    description: "What one subscriber hears about.",
    noindex: true,
  });
}

export default function SubscriberTopics({ loaderData, actionData }: Route.ComponentProps) {
  const { email, state, topics, chosen } = loaderData;
  const busy = useNavigation().state !== "idle";
  const error = actionData?.status === "failed" ? actionData.errors.topic : undefined;
  return (
    <AdminPage
      title="Subscriber's topics"
      description={
        <span className="flex flex-wrap items-center gap-3">
          <span className="break-all font-medium text-slate-900">{email}</span>
          <SubscriberStateBadge state={state} />
        </span>
      }
      actions={
        <Link
          to="/admin/newsletter"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All subscribers
        </Link>
      }
    >
      <FormNotice result={actionData} />
      <Card className="p-5 sm:p-6">
        <Form method="post" className="grid gap-4">
          <fieldset
            className="grid gap-3"
            aria-describedby={error ? "topics-error" : "topics-hint"}
            aria-invalid={error ? true : undefined}
          >
            <legend className="text-lg font-semibold text-navy">Topics</legend>
            <p id="topics-hint" className="text-sm text-slate-600">
              An issue for chosen topics reaches this subscriber when one of them is ticked here.
              Issues for everyone reach every subscriber.
            </p>
            <TopicCheckboxes key={chosen.join(" ")} topics={topics} chosen={chosen} />
            {error ? (
              <p id="topics-error" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              Save topics
            </Button>
          </div>
        </Form>
      </Card>
    </AdminPage>
  );
}
