// Contact (/contact): heading and description from content, the message form, and the Get in
// Touch and Business Hours cards. The action is the form's one submission path (the plain post
// without JavaScript renders its result here; POST /api/contact is the same path for scripts).
import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { profileNetworkNames } from "~/features/content/navigation";
import { getRequestContent } from "~/features/content/request-content.server";
import { BusinessHoursCard, GetInTouchCard } from "~/features/leads/components/contact-details";
import { ContactForm } from "~/features/leads/components/contact-form";
import { submitContactMessage } from "~/features/leads/submissions.server";
import { getAppContext } from "~/platform/context.server";
import { issueFormToken } from "~/platform/form-cookie.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/contact";

export const handle = {
  page: { title: "Contact", group: "Main Pages", order: 60 },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getAppContext(context);
  const [{ content }, formToken] = await Promise.all([
    getRequestContent(context),
    issueFormToken(db),
  ]);
  return {
    contact: content.contact,
    profiles: content.navigation.profiles.map((profile) => ({
      url: profile.url,
      label: profile.label || profileNetworkNames[profile.network],
    })),
    formTexts: content.forms,
    seo: content.seo.contact,
    formToken,
  };
}

export function action(args: Route.ActionArgs) {
  return submitContactMessage(args);
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Contact Us",
    description: args.loaderData?.contact.description ?? "",
    seo: args.loaderData?.seo,
    path: "/contact",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, profiles, formTexts, formToken } = loaderData;
  return (
    <>
      <section className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {contact.eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-navy sm:text-5xl">
            {contact.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">
            {contact.description}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-3 lg:px-8">
        <Card className="p-6 sm:p-8 lg:col-span-2 lg:self-start">
          <ContactForm
            heading={contact.formHeading}
            submitText={contact.formSubmitText}
            texts={formTexts}
            formToken={formToken}
            result={actionData}
          />
        </Card>
        <div className="space-y-6">
          <GetInTouchCard contact={contact} profiles={profiles} heading={contact.detailsHeading} />
          <BusinessHoursCard hours={contact.hours} heading={contact.hoursHeading} />
          <Card className="bg-navy p-6 text-white">
            <h2 className="text-lg font-semibold">{contact.talkHeading}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-300">{contact.talkText}</p>
            <Button asChild variant="inverse" className="mt-5 w-full">
              <Link to="/booking">
                <CalendarCheck aria-hidden="true" />
                {contact.talkButtonText}
              </Link>
            </Button>
          </Card>
        </div>
      </div>
    </>
  );
}
