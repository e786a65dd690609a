// /admin/leads: contact messages (newest first, with the state of their notification mail),
// newsletter subscribers with a CSV export, and apart from them what the spam guard holds as
// possible spam. In the admin workspace, behind its gate.
import { Download, Mail, Phone } from "lucide-react";
import { getAdmin } from "~/features/admin/gate.server";
import { AdminPage } from "~/features/admin/shell/admin-shell";
import { Pager } from "~/features/admin/shell/pager";
import { toTelHref } from "~/features/content/text";
import { loadLeadsOverview } from "~/features/leads/admin-leads.server";
import { DeliveryStatus } from "~/features/leads/components/delivery-status";
import { getAppContext } from "~/platform/context.server";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/leads";

export const handle = {
  adminNav: { label: "Leads", order: 60, nested: true },
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  getAdmin(context);
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const overview = await loadLeadsOverview(
    db,
    config,
    Number.isFinite(page) ? page : 1,
    await getRequestData(context).timeZone(),
  );
  return overview;
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Leads",
    description: "Contact messages and newsletter subscribers.",
    path: "/admin/leads",
    noindex: true,
  });
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { messages, subscribers, mail, page, pageCount, totalMessages, possibleSpam } = loaderData;
  return (
    <AdminPage
      title="Leads"
      description="Every message sent through the contact form and every newsletter subscriber."
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        <Card className="p-5">
          <dt className="text-sm text-slate-600">Contact messages</dt>
          <dd className="mt-1 text-3xl font-bold text-navy">{totalMessages}</dd>
        </Card>
        <Card className="p-5">
          <dt className="text-sm text-slate-600">Newsletter subscribers</dt>
          <dd className="mt-1 text-3xl font-bold text-navy">{subscribers.length}</dd>
        </Card>
        <Card className="p-5">
          <dt className="text-sm text-slate-600">Email notifications</dt>
          <dd className="mt-1 text-sm font-medium text-slate-900">
            {mail.enabled
              ? `On: each message is emailed to ${mail.to}`
              : "Off: set SMTP_URL, MAIL_FROM and NOTIFY_TO to be emailed each message"}
          </dd>
        </Card>
      </dl>

      <section aria-labelledby="messages-heading" className="mt-4">
        <h2 id="messages-heading" className="text-xl font-semibold text-navy">
          Contact messages
        </h2>
        {messages.length === 0 ? (
          <Card className="mt-4 p-8 text-center text-slate-600">No messages yet.</Card>
        ) : (
          <ol className="mt-4 space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <Card className="p-5 sm:p-6">
                  <article aria-labelledby={`message-${message.id}`}>
                    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                      <div className="min-w-0">
                        <h3
                          id={`message-${message.id}`}
                          className="text-lg font-semibold text-navy"
                        >
                          {message.name}
                          {message.company ? (
                            <span className="font-normal text-slate-600"> · {message.company}</span>
                          ) : null}
                        </h3>
                        <p className="mt-1 text-sm text-slate-600">
                          <time dateTime={message.created_at}>{message.receivedAt}</time>
                        </p>
                        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                          <li>
                            <a
                              href={`mailto:${message.email}`}
                              className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
                            >
                              <Mail className="size-4 shrink-0" aria-hidden="true" />
                              {message.email}
                            </a>
                          </li>
                          {message.phone ? (
                            <li>
                              <a
                                href={toTelHref(message.phone)}
                                className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
                              >
                                <Phone className="size-4 shrink-0" aria-hidden="true" />
                                {message.phone}
                              </a>
                            </li>
                          ) : null}
                        </ul>
                      </div>
                      <div className="sm:max-w-xs sm:text-right">
                        <DeliveryStatus delivery={message.delivery} />
                      </div>
                    </div>
                    <p className="mt-4 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 leading-relaxed text-slate-800">
                      {message.message}
                    </p>
                  </article>
                </Card>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-6">
          <Pager
            label="Message pages"
            page={page}
            pageCount={pageCount}
            hrefOf={(next) => `/admin/leads?page=${next}`}
            newerText="Newer messages"
            olderText="Older messages"
            hasOlder={page < pageCount}
          />
        </div>
      </section>

      <section aria-labelledby="subscribers-heading" className="mt-14">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="subscribers-heading" className="text-xl font-semibold text-navy">
            Newsletter subscribers
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
                  <th scope="col" className="px-5 py-3 font-semibold">
                    Email
                  </th>
                  <th scope="col" className="px-5 py-3 font-semibold">
                    Subscribed
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {subscribers.map((subscriber) => (
                  <tr key={subscriber.email}>
                    <td className="px-5 py-3 font-medium text-slate-900">{subscriber.email}</td>
                    <td className="px-5 py-3 text-slate-600">{subscriber.subscribedAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
        <p className="mt-3 text-sm text-slate-600">
          The CSV gives each subscriber their own unsubscribe link: include it in every newsletter
          you send.
        </p>
      </section>

      <PossibleSpam {...possibleSpam} />
    </AdminPage>
  );
}

/**
 * What the spam guard kept apart because of timing alone: no notification was mailed and the
 * sign-ups are not exported, but nothing a person sent is lost.
 */
function PossibleSpam({
  messages,
  totalMessages,
  signUps,
  totalSignUps,
}: Route.ComponentProps["loaderData"]["possibleSpam"]) {
  return (
    <section aria-labelledby="possible-spam-heading" className="mt-14">
      <h2 id="possible-spam-heading" className="text-xl font-semibold text-navy">
        Possible spam
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sent so fast that it was probably a bot, but a person may be behind it: kept here, not
        emailed to you and not in the subscriber export.
      </p>
      {totalMessages + totalSignUps === 0 ? (
        <Card className="mt-4 p-8 text-center text-slate-600">Nothing held as possible spam.</Card>
      ) : null}
      {totalMessages > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-navy">
            Messages ({totalMessages}
            {totalMessages > messages.length ? `, newest ${messages.length} shown` : ""})
          </h3>
          <ol className="mt-3 space-y-3" aria-label="Messages held as possible spam">
            {messages.map((message) => (
              <li key={message.id}>
                <Card className="p-4">
                  <p className="font-medium text-slate-900">
                    {message.name} · {message.email}
                    {message.phone ? ` · ${message.phone}` : ""}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    <time dateTime={message.created_at}>{message.receivedAt}</time> ·{" "}
                    {message.reason}
                  </p>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">
                    {message.message}
                  </p>
                </Card>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {totalSignUps > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-navy">
            Newsletter sign-ups ({totalSignUps}
            {totalSignUps > signUps.length ? `, newest ${signUps.length} shown` : ""})
          </h3>
          <ul className="mt-3 space-y-2 text-sm" aria-label="Sign-ups held as possible spam">
            {signUps.map((signUp) => (
              <li key={signUp.email}>
                <span className="font-medium text-slate-900">{signUp.email}</span>{" "}
                <span className="text-slate-600">
                  · {signUp.signedUpAt} · {signUp.reason}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
