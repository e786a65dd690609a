// /unsubscribe?token=...: the newsletter opt-out. The link only asks for a confirming post, so mail
// scanners that follow links unsubscribe nobody; a mail client's one-click unsubscribe (RFC 8058)
// is the same post.
import { MailX } from "lucide-react";
import { data } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import {
  EmailLinkPage,
  type EmailLinkView,
} from "~/features/newsletter/components/email-link-page";
import {
  findSubscriptionByToken,
  unsubscribeByToken,
} from "~/features/newsletter/subscribers.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/unsubscribe";

// Personal (it carries the subscriber's token): never kept by the page cache.
export const handle = { cache: false } satisfies RouteHandle;

/** The page's words, from the content's Forms section. The action's answer shows with them too. */
async function getUnsubscribeTexts(context: Route.LoaderArgs["context"]) {
  const { content } = await getRequestContent(context);
  const { forms } = content;
  return {
    contactEmail: content.contact.email,
    texts: {
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
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [subscription, { texts, contactEmail }] = await Promise.all([
    findSubscriptionByToken(getAppContext(context).db, token),
    getUnsubscribeTexts(context),
  ]);
  if (subscription) {
    const view: EmailLinkView = { state: "confirm", email: subscription.email, token };
    return data({ view, texts });
  }
  const view: EmailLinkView = { state: "invalid", contactEmail };
  return data({ view, texts }, { status: 404 });
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
  if (email) return data<EmailLinkView>({ state: "done", email }, { status: 200 });
  const { contactEmail } = await getUnsubscribeTexts(context);
  return data<EmailLinkView>({ state: "invalid", contactEmail }, { status: 404 });
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
  return (
    <EmailLinkPage view={actionData ?? loaderData.view} texts={loaderData.texts} icon={MailX} />
  );
}
