// /newsletter/confirm?token=...: the link of the double opt-in email. Like the unsubscribe link it
// asks for one click (a form post), so a mail scanner that follows links confirms nobody. Once
// confirmed, the page offers the topics to hear about (the same link's token saves them).
import { MailCheck } from "lucide-react";
import { data } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import {
  EmailLinkPage,
  type EmailLinkView,
} from "~/features/newsletter/components/email-link-page";
import { TopicsForm } from "~/features/newsletter/components/topics-form";
import { readTopicsFormTexts } from "~/features/newsletter/newsletter-screens.server";
import {
  type ConfirmationLookup,
  confirmSubscription,
  findConfirmation,
} from "~/features/newsletter/subscribers.server";
import {
  loadTopicsByToken,
  readTopicsForm,
  saveTopicsByToken,
  type TopicsResult,
} from "~/features/newsletter/topic-screens.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { parseAttribution } from "~/platform/visits/visit-attribution";
import type { Route } from "./+types/newsletter-confirm";

// Personal (it carries the sign-up's token): never kept by the page cache.
export const handle = { cache: false } satisfies RouteHandle;

async function getConfirmTexts(context: Route.LoaderArgs["context"]) {
  const { content } = await getRequestContent(context);
  const { forms } = content;
  return {
    contactEmail: content.contact.email,
    texts: {
      heading: forms.confirmHeading,
      text: forms.confirmText,
      buttonText: forms.confirmButtonText,
      sendingText: forms.confirmSendingText,
      doneHeading: forms.confirmedHeading,
      doneText: forms.confirmedText,
      invalidHeading: forms.confirmInvalidHeading,
      invalidText: forms.confirmInvalidText,
      homeLinkText: forms.homeLinkText,
    },
    topicsTexts: readTopicsFormTexts(forms, forms.topicsQuestion),
  };
}

/** A link already used shows the done page again, not an error: the reader is subscribed. */
function toView(found: ConfirmationLookup, token: string, contactEmail: string): EmailLinkView {
  if (found.state === "pending") return { state: "confirm", email: found.email, token };
  if (found.state === "confirmed") return { state: "done", email: found.email };
  return { state: "invalid", contactEmail };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [found, { texts, topicsTexts, contactEmail }] = await Promise.all([
    findConfirmation(getAppContext(context).db, token),
    getConfirmTexts(context),
  ]);
  const view = toView(found, token, contactEmail);
  const topics =
    view.state === "done" ? await loadTopicsByToken(context, "confirm", token) : undefined;
  return data(
    { view, texts, topicsTexts, token: topics ? token : "", topics },
    { status: view.state === "invalid" ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { field, topics } = await readTopicsForm(request);
  const token = field("token");
  if (field("intent") === "topics") {
    const saved = await saveTopicsByToken(context, "confirm", token, topics);
    return data<{ topics: TopicsResult }>({ topics: saved.result }, { status: saved.status });
  }
  const { db, visits } = getAppContext(context);
  const found = await confirmSubscription(db, token);
  // A confirmation is the newsletter's conversion, for the visit that brought the sign-up.
  if (found.state === "confirmed" && found.attribution !== undefined) {
    await visits?.recordConversion("newsletter", parseAttribution(found.attribution));
  }
  const { contactEmail } = await getConfirmTexts(context);
  const view = toView(found, token, contactEmail);
  return data<EmailLinkView>(view, { status: view.state === "invalid" ? 404 : 200 });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    path: "/newsletter/confirm",
    noindex: true,
  });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  // After a topics post the page is the loader's again (an erased subscriber's link: not valid).
  const saved = actionData && "topics" in actionData ? actionData.topics : undefined;
  const view = actionData && !("topics" in actionData) ? actionData : loaderData.view;
  return (
    <EmailLinkPage
      view={view}
      texts={loaderData.texts}
      icon={MailCheck}
      afterDone={
        loaderData.topics ? (
          <TopicsForm
            view={loaderData.topics}
            token={loaderData.token}
            result={saved}
            texts={loaderData.topicsTexts}
          />
        ) : undefined
      }
    />
  );
}
