// /admin/newsletter: the newsletters sent and drafted with their results, starting a new one
// (blank, or from a published article), and the subscribers: their state, the CSV, each one's
// data export and erasure, the addresses that bounced and the sign-ups the spam guard holds apart.
import { Download, FileText, ListChecks, PenLine, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import { BouncedSubscribers } from "~/features/newsletter/components/bounced-subscribers";
import { MailSetupNotice } from "~/features/newsletter/components/mail-setup-notice";
import {
  NewsletterStatusBadge,
  SubscriberStateBadge,
} from "~/features/newsletter/components/state-badges";
import {
  loadNewsletterOverview,
  runOverviewIntent,
  type ScreenResult,
} from "~/features/newsletter/newsletter-screens.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import type { Route } from "./+types/newsletters";

export const handle = {
  adminNav: { label: "Newsletter", order: 65, nested: true },
  role: "owner",
} satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  return loadNewsletterOverview(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await runOverviewIntent(request, context);
  if ("redirectTo" in outcome) throw redirect(outcome.redirectTo);
  return data<ScreenResult>(outcome.result, { status: outcome.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Newsletter",
    description: "Write and send the newsletter; its subscribers.",
    path: "/admin/newsletter",
    noindex: true,
  });
}

export default function Newsletters({ loaderData, actionData }: Route.ComponentProps) {
  const { mailEnabled, counts, newsletters, subscribers, held, articles, bounced } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <AdminPage
      title="Newsletter"
      description="Write a newsletter, send it to everyone who confirmed their subscription, and see how it went."
    >
      <FormNotice result={actionData} />
      {mailEnabled ? null : <MailSetupNotice />}

      <dl className="grid gap-4 sm:grid-cols-3">
        {[
          { label: "Subscribers", value: counts.confirmed, hint: "Confirmed: they get each issue" },
          {
            label: "Waiting for confirmation",
            value: counts.pending,
            hint: "Removed if not confirmed within 7 days",
          },
          {
            label: "Unconfirmed",
            value: counts.unconfirmed,
            hint: "Signed up while email was not set up",
          },
        ].map((entry) => (
          <Card key={entry.label} className="p-5">
            <dt className="text-sm text-slate-600">{entry.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-navy">{entry.value}</dd>
            <dd className="mt-1 text-xs text-slate-500">{entry.hint}</dd>
          </Card>
        ))}
      </dl>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-navy">Write a newsletter</h2>
        <p className="mt-1 text-sm text-slate-600">
          Start from a blank page, or from a published article: its title, picture and text are
          filled in for you to edit.
        </p>
        <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end">
          <Form method="post">
            <Button type="submit" name="intent" value="create" disabled={busy}>
              <PenLine aria-hidden="true" />
              New newsletter
            </Button>
          </Form>
          {articles.length > 0 ? (
            <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <div className="grid gap-1.5">
                <Label htmlFor="article-id">Send this article</Label>
                <NativeSelect id="article-id" name="articleId" className="sm:w-80">
                  {articles.map((article) => (
                    <option key={article.id} value={article.id}>
                      {article.title}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                type="submit"
                name="intent"
                value="from-article"
                variant="outline"
                disabled={busy}
              >
                <FileText aria-hidden="true" />
                Use this article
              </Button>
            </Form>
          ) : null}
        </div>
      </Card>

      <section aria-labelledby="newsletters-heading">
        <h2 id="newsletters-heading" className="text-xl font-semibold text-navy">
          Newsletters
        </h2>
        {newsletters.length === 0 ? (
          <Card className="mt-4 p-8 text-center text-slate-600">No newsletters yet.</Card>
        ) : (
          <ul className="mt-4 grid gap-3">
            {newsletters.map((newsletter) => (
              <li key={newsletter.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/newsletter/${newsletter.id}`}
                      className="font-semibold text-navy hover:underline"
                    >
                      {newsletter.subject || "Untitled draft"}
                    </Link>
                    <p className="mt-1 text-sm text-slate-600">
                      {whenLabels[newsletter.status] ?? "Sent"} {newsletter.when}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
                    <NewsletterStatusBadge status={newsletter.status} />
                    {newsletter.status === "draft" || newsletter.status === "scheduled" ? null : (
                      <span>
                        {newsletter.stats.sent} of {newsletter.stats.recipients} sent
                        {newsletter.stats.failed + newsletter.stats.inDoubt > 0
                          ? ` · ${newsletter.stats.failed + newsletter.stats.inDoubt} failed`
                          : ""}
                        {` · ${newsletter.stats.unsubscribedSince} unsubscribed since`}
                      </span>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="subscribers-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="subscribers-heading" className="text-xl font-semibold text-navy">
            Subscribers
          </h2>
          {subscribers.length > 0 ? (
            <Button asChild variant="outline" size="sm">
              <a href="/admin/leads/subscribers.csv" download>
                <Download aria-hidden="true" />
                Download CSV
              </a>
            </Button>
          ) : null}
        </div>
        {subscribers.length === 0 ? (
          <Card className="mt-4 p-8 text-center text-slate-600">No subscribers yet.</Card>
        ) : (
          <Card className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-border bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    State
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                    Signed up
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">Their data</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {subscribers.map((subscriber) => (
                  <tr key={subscriber.id}>
                    <td className="max-w-56 break-all px-4 py-3 font-medium text-slate-900">
                      {subscriber.email}
                    </td>
                    <td className="px-4 py-3">
                      <SubscriberStateBadge state={subscriber.state} />
                    </td>
                    <td className="hidden px-4 py-3 text-slate-600 md:table-cell">
                      {subscriber.signedUp}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap justify-end gap-2">
                        <SubscriberActions id={subscriber.id} email={subscriber.email} withTopics />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
        <p className="mt-3 text-sm text-slate-600">
          Only confirmed subscribers are sent newsletters. Every newsletter carries each reader's
          own one-click unsubscribe link.
        </p>
      </section>

      <BouncedSubscribers
        bounced={bounced}
        actions={(subscriber) => <SubscriberActions id={subscriber.id} email={subscriber.email} />}
      />

      {held.total > 0 ? (
        <section aria-labelledby="held-heading">
          <h2 id="held-heading" className="text-xl font-semibold text-navy">
            Sign-ups held as possible spam ({held.total}
            {held.total > held.signUps.length ? `, newest ${held.signUps.length} shown` : ""})
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Sent so fast that it was probably a bot: no confirmation email was sent. They are
            removed after 7 days; a person who signs up again is treated normally.
          </p>
          <ul className="mt-3 grid gap-2 text-sm">
            {held.signUps.map((signUp) => (
              <li key={signUp.email}>
                <span className="font-medium text-slate-900">{signUp.email}</span>{" "}
                <span className="text-slate-600">
                  · {signUp.signedUp} · {signUp.reason}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminPage>
  );
}

/** What the list says before a newsletter's time: edited, scheduled for, or sent. */
const whenLabels: Partial<Record<string, string>> = {
  draft: "Last edited",
  scheduled: "Scheduled for",
};

/** One subscriber's data export, topics (a subscriber still sent to) and erasure. */
function SubscriberActions({
  id,
  email,
  withTopics = false,
}: {
  id: number;
  email: string;
  withTopics?: boolean;
}) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <a
          href={`/admin/newsletter/subscribers/${id}/data.json`}
          download
          aria-label={`Export the data of ${email}`}
        >
          <Download aria-hidden="true" />
          Export
        </a>
      </Button>
      {withTopics ? (
        <Button asChild variant="outline" size="sm">
          <Link to={`/admin/newsletter/subscribers/${id}/topics`} aria-label={`Topics of ${email}`}>
            <ListChecks aria-hidden="true" />
            {/* The icon alone on a phone, where the address needs the width. */}
            <span className="hidden sm:inline">Topics</span>
          </Link>
        </Button>
      ) : null}
      <EraseSubscriber id={id} email={email} />
    </>
  );
}

/** Erase, behind a confirmation: the form posts when the dialog's button is pressed. */
function EraseSubscriber({ id, email }: { id: number; email: string }) {
  const formId = `erase-${id}`;
  return (
    <>
      <Form method="post" id={formId} className="hidden">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="subscriberId" value={id} />
      </Form>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Erase ${email}`}>
            <Trash2 aria-hidden="true" />
            Erase
          </Button>
        }
        title="Erase this subscriber?"
        description={`${email} and every email sent to them are removed for good. They will get no newsletter unless they sign up again.`}
        confirmLabel="Erase"
        onConfirm={() => {
          const form = document.getElementById(formId);
          if (form instanceof HTMLFormElement) form.requestSubmit();
        }}
      />
    </>
  );
}
