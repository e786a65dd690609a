// /newsletter: where the newsletter field posts when JavaScript is off. It shows the outcome (the
// success or error message) with a link back to the page the visitor came from; visited
// directly, it is a small sign-up page.
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import {
  NewsletterForm,
  newsletterSuccessDescription,
} from "~/features/newsletter/components/newsletter-form";
import { submitNewsletterSignUp } from "~/features/newsletter/sign-up.server";
import { buildPageMeta } from "~/platform/seo/meta";
import { Card } from "~/ui/card";
import { FormNotice } from "~/ui/forms/form-notice";
import type { Route } from "./+types/newsletter";

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  return {
    heading: content.cta.newsletterHeading,
    description: content.cta.newsletterDescription,
    note: content.forms.newsletterNote,
    label: content.forms.newsletterPageLabel,
    homeLinkText: content.forms.homeLinkText,
    backText: content.forms.newsletterBackText,
  };
}

export function action(args: Route.ActionArgs) {
  return submitNewsletterSignUp(args);
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Newsletter",
    description: args.loaderData?.description ?? "",
    path: "/newsletter",
    noindex: true,
  });
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { heading, description, note, label, homeLinkText, backText } = loaderData;
  const returnTo = actionData?.values.returnTo ?? "/";
  return (
    <section className="bg-gradient-to-br from-slate-50 via-white to-tint">
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24">
        <Card className="p-6 sm:p-10">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{label}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-navy sm:text-4xl">
            {heading}
          </h1>
          <p className="mt-4 leading-relaxed text-slate-600">{description}</p>
          {actionData?.status === "done" ? (
            <FormNotice variant="success" title="Success" className="mt-8">
              <p>{newsletterSuccessDescription}</p>
              {actionData.body.detail ? <p className="mt-1">{actionData.body.detail}</p> : null}
            </FormNotice>
          ) : (
            <>
              {actionData?.status === "failed" ? (
                <FormNotice variant="error" title="Error" className="mt-8">
                  {actionData.message}
                </FormNotice>
              ) : null}
              <NewsletterForm className="mt-6" />
              <p className="mt-3 text-sm text-slate-500">{note}</p>
            </>
          )}
          {actionData ? (
            <Link
              to={returnTo}
              className="mt-8 inline-flex items-center gap-2 text-sm font-semibold text-primary hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {returnTo === "/" ? homeLinkText : backText}
            </Link>
          ) : null}
        </Card>
      </div>
    </section>
  );
}
