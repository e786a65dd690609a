// /unsubscribe?token=...: the newsletter opt-out. Opening the link only asks for a confirming
// click (a form post), so mail scanners that follow links cannot unsubscribe anyone.
import { CircleCheck, MailX } from "lucide-react";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await findSubscriptionByToken(getAppContext(context).db, token);
  if (subscription) {
    return data<UnsubscribeState>({ state: "confirm", email: subscription.email, token });
  }
  return data<UnsubscribeState>(
    { state: "invalid", contactEmail: await getContactEmail(context) },
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

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Unsubscribe",
    description: "Stop receiving our newsletter.",
    path: "/unsubscribe",
    noindex: true,
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
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
                Unsubscribe from our newsletter
              </h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                Confirm that <strong className="text-slate-900">{view.email}</strong> should no
                longer receive our newsletter.
              </p>
              <Form method="post" className="mt-8">
                <input type="hidden" name="token" value={view.token} />
                <Button type="submit" size="lg" disabled={pending}>
                  {pending ? "Unsubscribing..." : "Unsubscribe"}
                </Button>
              </Form>
              <Link
                to="/"
                className="mt-6 inline-block text-sm font-medium text-primary hover:underline"
              >
                Keep my subscription and go to the home page
              </Link>
            </>
          ) : null}
          {view.state === "done" ? (
            <div role="status">
              <CircleCheck className="mx-auto size-10 text-accent" aria-hidden="true" />
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                You have been unsubscribed
              </h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                <strong className="text-slate-900">{view.email}</strong> will no longer receive our
                newsletter. If this was a mistake, you can subscribe again at any time from the
                bottom of any page.
              </p>
              <Button asChild variant="outline" className="mt-8">
                <Link to="/">Back to the home page</Link>
              </Button>
            </div>
          ) : null}
          {view.state === "invalid" ? (
            <>
              <MailX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                This unsubscribe link is not valid
              </h1>
              <p className="mt-4 leading-relaxed text-slate-600">
                It may have been used already, or copied only in part. If you still receive our
                newsletter, email us at{" "}
                <a
                  href={`mailto:${view.contactEmail}`}
                  className="font-medium text-primary hover:underline"
                >
                  {view.contactEmail}
                </a>{" "}
                and we will remove you.
              </p>
              <Button asChild variant="outline" className="mt-8">
                <Link to="/">Back to the home page</Link>
              </Button>
            </>
          ) : null}
        </Card>
      </div>
    </section>
  );
}
