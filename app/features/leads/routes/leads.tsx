// /admin/leads: the leads inbox: contact messages by folder with counts, searched, newest first;
// each marked, moved, deleted, or its sender's data exported or erased. Above them, whether the
// firm is emailed each message, with a test email.
import { data } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Pager } from "~/capabilities/workspace/shell/pager";
import { loadLeadsOverview, readInboxQuery } from "~/features/leads/admin-leads.server";
import { InboxConfirmation, InboxResult } from "~/features/leads/components/inbox-result";
import {
  folderLabels,
  getInboxHref,
  InboxToolbar,
} from "~/features/leads/components/inbox-toolbar";
import { MailAlerts } from "~/features/leads/components/mail-alerts";
import { MessageCard } from "~/features/leads/components/message-card";
import { type InboxIntentResult, runInboxIntent } from "~/features/leads/inbox-intents.server";
import { newMessagesBadge } from "~/features/leads/new-messages-badge";
import { getPageTitleReader } from "~/features/leads/page-titles.server";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { readSameOriginForm } from "~/platform/http/api.server";
import { answerFailed } from "~/platform/http/form-result";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Card } from "~/ui/card";
import type { Route } from "./+types/leads";

export const handle = {
  adminNav: { label: "Leads", order: 60, nested: true, badge: newMessagesBadge },
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  const admin = getAdmin(context);
  const overview = await loadLeadsOverview(
    db,
    config,
    readInboxQuery(new URL(request.url)),
    await getRequestData(context).timeZone(),
    getPageTitleReader(context),
  );
  // An editor reads and sorts the inbox; deleting, export, erasure and the mail test are an owner's.
  return { ...overview, ownerTools: admin.role === "owner" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const posted = await readSameOriginForm(request, config.SITE_URL);
  if ("refused" in posted) {
    const { message, status } = posted.refused;
    return data<InboxIntentResult>(answerFailed(message), { status });
  }
  const outcome = await runInboxIntent(
    { db, config, admin, actor: getActor(admin, clientIp) },
    posted.fields,
  );
  return data(outcome.result, { status: outcome.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Leads",
    description: "Messages sent through the contact form.",
    path: "/admin/leads",
    noindex: true,
  });
}

const emptyTexts = {
  new: "Nothing new. Every message has been dealt with.",
  handled: "No handled messages yet.",
  spam: "No spam. Messages the spam guard is unsure about land here.",
  all: "No messages yet.",
} as const;

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, folder, q, counts, page, pageCount, total, mail, ownerTools } = loaderData;
  return (
    <AdminPage
      title="Leads"
      description="Messages sent through the contact form. Work through New, and mark each message handled once you have answered it."
    >
      <InboxConfirmation
        confirm={actionData?.status === "done" ? actionData.body.confirm : undefined}
      />
      <MailAlerts mail={mail} canSendTest={ownerTools} />
      <section aria-labelledby="messages-heading" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="messages-heading" className="sr-only">
          Contact messages
        </h2>
        <InboxToolbar folder={folder} q={q} counts={counts} />
        <p className="text-sm text-slate-600" aria-live="polite">
          {q
            ? `${total === 1 ? "1 message" : `${total} messages`} in ${folderLabels[folder]} match “${q}”.`
            : `${folderLabels[folder]}: ${total === 1 ? "1 message" : `${total} messages`}.`}
          {folder === "spam"
            ? " Messages sent so fast that they were probably a bot: a person may be behind one, so they are kept here, not emailed."
            : ""}
        </p>
        {messages.length === 0 ? (
          <Card className="p-8 text-center text-slate-600">
            {q ? "No message matches your search in this folder." : emptyTexts[folder]}
          </Card>
        ) : (
          <ol
            className="grid min-w-0 grid-cols-1 gap-4"
            aria-label={`${folderLabels[folder]} messages`}
          >
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} ownerTools={ownerTools} />
              </li>
            ))}
          </ol>
        )}
        <Pager
          label="Message pages"
          page={page}
          pageCount={pageCount}
          hrefOf={(next) => getInboxHref({ folder, q, page: next })}
          newerText="Newer messages"
          olderText="Older messages"
          hasOlder={page < pageCount}
        />
      </section>
      <InboxResult result={actionData} />
    </AdminPage>
  );
}
