// /newsletter/manage?token=...: "choose your topics", linked from every issue's footer beside its
// unsubscribe link and keyed by the same token. A plain form (it works without JavaScript); the
// address shows masked; unsubscribing is one more form, posted to /unsubscribe.
import { ListChecks } from "lucide-react";
import { data, Form } from "react-router";
import {
  EmailLinkFrame,
  InvalidLinkNotice,
  LinkPageIntro,
} from "~/features/newsletter/components/email-link-page";
import { TopicsForm } from "~/features/newsletter/components/topics-form";
import { getTopicsPageTexts } from "~/features/newsletter/newsletter-screens.server";
import {
  loadTopicsByToken,
  readTopicsForm,
  saveTopicsByToken,
} from "~/features/newsletter/topic-screens.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import type { Route } from "./+types/newsletter-manage";

// Personal (it carries the subscriber's token): never kept by the page cache.
export const handle = { cache: false } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [topics, shared] = await Promise.all([
    loadTopicsByToken(context, "unsubscribe", token),
    getTopicsPageTexts(context),
  ]);
  if (!topics) return data({ ...shared, token: "", topics }, { status: 404 });
  return data({ ...shared, token, topics });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { field, topics } = await readTopicsForm(request);
  const saved = await saveTopicsByToken(context, "unsubscribe", field("token"), topics);
  return data(saved.result, { status: saved.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: args.loaderData?.texts.heading ?? "Your newsletter topics",
    description: "Choose what our newsletter brings you, or unsubscribe.",
    path: "/newsletter/manage",
    noindex: true,
  });
}

export default function NewsletterManage({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, token, contactEmail, texts } = loaderData;
  if (!topics) {
    return (
      <EmailLinkFrame>
        <InvalidLinkNotice
          icon={ListChecks}
          heading={texts.invalidHeading}
          text={texts.invalidText}
          contactEmail={contactEmail}
          homeLinkText={texts.homeLinkText}
        />
      </EmailLinkFrame>
    );
  }
  return (
    <EmailLinkFrame>
      <div className="text-center">
        <LinkPageIntro
          icon={<ListChecks className="mx-auto size-10 text-primary" aria-hidden="true" />}
          heading={texts.heading}
          text={texts.text}
          email={topics.address}
        />
      </div>
      <div className="mt-8">
        <TopicsForm view={topics} token={token} result={actionData} texts={texts.form} />
      </div>
      <div className="mt-8 border-t border-border pt-6">
        <h2 className="font-semibold text-navy">{texts.leaveHeading}</h2>
        <Form method="post" action="/unsubscribe" className="mt-3">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" variant="outline">
            {texts.unsubscribeText}
          </Button>
        </Form>
      </div>
    </EmailLinkFrame>
  );
}
