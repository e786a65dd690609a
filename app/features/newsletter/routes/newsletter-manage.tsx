// /newsletter/manage?token=...: "choose your topics", linked from every issue's footer beside its
// unsubscribe link and keyed by the same token. A plain form (it works without JavaScript); the
// address shows masked; unsubscribing is one more form, posted to /unsubscribe.
import { ListChecks } from "lucide-react";
import { data, Form, Link } from "react-router";
import { WithEmail } from "~/features/newsletter/components/email-link-page";
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
import { Card } from "~/ui/card";
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

const headingClass = "mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl";

export default function NewsletterManage({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, token, contactEmail, texts } = loaderData;
  return (
    <section className="bg-gradient-to-br from-slate-50 via-white to-tint">
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-24">
        <Card className="p-6 sm:p-10">
          {topics ? (
            <>
              <div className="text-center">
                <ListChecks className="mx-auto size-10 text-primary" aria-hidden="true" />
                <h1 className={headingClass}>{texts.heading}</h1>
                <p className="mt-4 leading-relaxed text-slate-600">
                  <WithEmail text={texts.text}>
                    <strong className="text-slate-900">{topics.address}</strong>
                  </WithEmail>
                </p>
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
            </>
          ) : (
            <div className="text-center">
              <ListChecks className="mx-auto size-10 text-slate-400" aria-hidden="true" />
              <h1 className={headingClass}>{texts.invalidHeading}</h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                <WithEmail text={texts.invalidText}>
                  <a
                    href={`mailto:${contactEmail}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {contactEmail}
                  </a>
                </WithEmail>
              </p>
              <Button asChild variant="outline" className="mt-8">
                <Link to="/">{texts.homeLinkText}</Link>
              </Button>
            </div>
          )}
        </Card>
      </div>
    </section>
  );
}
