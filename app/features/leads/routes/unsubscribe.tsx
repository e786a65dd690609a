// /unsubscribe?token=...: the newsletter opt-out. Opening the link only asks for a confirming
// click (a form post), so mail scanners that follow links cannot unsubscribe anyone.
import { CircleCheck, MailX } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { findSubscriptionByToken, unsubscribeByToken } from "~/features/leads/newsletter.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/unsubscribe";

// Personal (it carries the subscriber's token): never kept by the page cache.
export const handle = { cache: false } satisfies RouteHandle;

type UnsubscribeState =
  | { state: "confirm"; email: string; token: string }
  | { state: "done"; email: string }
  | { state: "invalid"; contactEmail: string };

async function getContactEmail(context: Route.LoaderArgs["context"]): Promise<string> {
  return (await getRequestContent(context)).content.contact.email;
}

/** The page's words, from the content's Forms section. The action's answer shows with them too. */
async function getUnsubscribeTexts(context: Route.LoaderArgs["context"]) {
  const { forms } = (await getRequestContent(context)).content;
  return {
    heading: forms.unsubscribeHeading,
    text: forms.unsubscribeText,
    buttonText: forms.unsubscribeButtonText,
    sendingText: forms.unsubscribeSendingText,
    keepText: forms.unsubscribeKeepText,
    doneHeading: forms.unsubscribedHeading,
    doneText: forms.unsubscribedText,
    invalidHeading: forms.unsubscribeInvalidHeading,
    invalidText: forms.unsubscribeInvalidText,
    homeLinkText: forms.homeLinkText,
  };
}

type UnsubscribePage = {
  view: UnsubscribeState;
  texts: Awaited<ReturnType<typeof getUnsubscribeTexts>>;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [subscription, texts] = await Promise.all([
    findSubscriptionByToken(getAppContext(context).db, token),
    getUnsubscribeTexts(context),
  ]);
  if (subscription) {
    return data<UnsubscribePage>({
      view: { state: "confirm", email: subscription.email, token },
      texts,
    });
  }
  return data<UnsubscribePage>(
    { view: { state: "invalid", contactEmail: await getContactEmail(context) }, texts },
    { status: 404 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  // The token may also come in the address, as in a one-click List-Unsubscribe post.
  const field = form?.get("token");
  const token =
    typeof field === "string" ? field : (new URL(request.url).searchParams.get("token") ?? "");
  const email = await unsubscribeByToken(getAppContext(context).db, token);
  // An explicit 200: after an action the loader runs again, and its 404 (the token is gone now)
  // must not become the page's status.
  if (email) return data<UnsubscribeState>({ state: "done", email }, { status: 200 });
  return data<UnsubscribeState>(
    { state: "invalid", contactEmail: await getContactEmail(context) },
    { status: 404 },
  );
}

/** A text written with "{email}", the address shown as the given element. */
function WithEmail({ text, children }: { text: string; children: ReactNode }) {
  const [before, ...after] = text.split("{email}");
  return (
    <>
      {before}
      {after.length > 0 ? children : null}
      {after.join("{email}")}
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Unsubscribe",
    description: "Stop receiving our newsletter.",
    path: "/unsubscribe",
    noindex: true,
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData.view;
  const { texts } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <section className="bg-gradient-to-br from-slate-50 via-white to-blue-50">
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-24">
        <Card className="p-6 text-center sm:p-10">
          {view.state === "confirm" ? (
            <>
              <MailX className="mx-auto size-10 text-primary" aria-hidden="true" />
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                {texts.heading}
              </h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                <WithEmail text={texts.text}>
                  <strong className="text-slate-900">{view.email}</strong>
                </WithEmail>
              </p>
              <Form method="post" className="mt-8">
                <input type="hidden" name="token" value={view.token} />
                <Button type="submit" size="lg" disabled={pending}>
                  {pending ? texts.sendingText : texts.buttonText}
                </Button>
              </Form>
              <Link
                to="/"
                className="mt-6 inline-block text-sm font-medium text-primary hover:underline"
              >
                {texts.keepText}
              </Link>
            </>
          ) : null}
          {view.state === "done" ? (
            <div role="status">
              <CircleCheck className="mx-auto size-10 text-accent" aria-hidden="true" />
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                {texts.doneHeading}
              </h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                <WithEmail text={texts.doneText}>
                  <strong className="text-slate-900">{view.email}</strong>
                </WithEmail>
              </p>
              <Button asChild variant="outline" className="mt-8">
                <Link to="/">{texts.homeLinkText}</Link>
              </Button>
            </div>
          ) : null}
          {view.state === "invalid" ? (
            <>
              <MailX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                {texts.invalidHeading}
              </h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                <WithEmail text={texts.invalidText}>
                  <a
                    href={`mailto:${view.contactEmail}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {view.contactEmail}
                  </a>
                </WithEmail>
              </p>
              <Button asChild variant="outline" className="mt-8">
                <Link to="/">{texts.homeLinkText}</Link>
              </Button>
            </>
          ) : null}
        </Card>
      </div>
    </section>
  );
}
