// /admin/newsletter/:id: one newsletter. A draft is written here (subject, and the text with the
// writer's desk editor), previewed as readers will see it, sent as a test to oneself, then sent
// to every confirmed subscriber, now or at a scheduled time (which can be moved or cancelled until
// then). Once sent, the screen shows its progress and results.
import { ArrowLeft, Eye, Send, SendHorizontal, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useRevalidator } from "react-router";
import { RichTextField } from "~/capabilities/rich-text/editor/rich-text-field";
import { TextField } from "~/capabilities/workspace/fields";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import { AudienceChooser } from "~/features/newsletter/components/audience-chooser";
import { MailSetupNotice } from "~/features/newsletter/components/mail-setup-notice";
import { NewsletterProgress } from "~/features/newsletter/components/newsletter-progress";
import { ScheduledSend, ScheduleSend } from "~/features/newsletter/components/newsletter-schedule";
import { NewsletterStatusBadge } from "~/features/newsletter/components/state-badges";
import {
  loadNewsletterEditor,
  runDraftIntent,
  type ScreenResult,
} from "~/features/newsletter/newsletter-screens.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/ui/dialog";
import type { Route } from "./+types/newsletter-editor";

/** Owners only: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const screen = await loadNewsletterEditor(context, Number(params.id));
  if (!screen) throw data("This newsletter does not exist.", { status: 404 });
  return screen;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const outcome = await runDraftIntent(request, context, Number(params.id));
  if ("redirectTo" in outcome) throw redirect(outcome.redirectTo);
  return data(outcome.result, { status: outcome.status });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: args.loaderData?.newsletter.subject || "Newsletter",
    description: "Write and send a newsletter.",
    noindex: true,
  });
}

export default function NewsletterEditor({ loaderData }: Route.ComponentProps) {
  const { newsletter, sentHtml, confirmedCount, mailEnabled, adminEmail } = loaderData;
  const back = (
    <Link
      to="/admin/newsletter"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All newsletters
    </Link>
  );
  return (
    <AdminPage
      title={newsletter.subject || "New newsletter"}
      description={
        <span className="flex flex-wrap items-center gap-3">
          <NewsletterStatusBadge status={newsletter.status} />
          {newsletter.status === "draft" ? null : newsletter.status === "scheduled" ? (
            <span>Goes out {newsletter.scheduledWhen}</span>
          ) : (
            <span>Sent {newsletter.sentWhen}</span>
          )}
        </span>
      }
      actions={back}
    >
      {newsletter.status === "draft" ? (
        <DraftForm
          key={newsletter.id}
          subject={newsletter.subject}
          bodyHtml={newsletter.bodyHtml}
          confirmedCount={confirmedCount}
          mailEnabled={mailEnabled}
          adminEmail={adminEmail}
          audience={
            <AudienceChooser
              newsletterId={newsletter.id}
              topics={loaderData.topics}
              audience={loaderData.audience}
              count={confirmedCount}
            />
          }
        />
      ) : newsletter.status === "scheduled" ? (
        <div className="grid gap-6">
          <ScheduledSend
            scheduledAt={newsletter.scheduledAt}
            scheduledWhen={newsletter.scheduledWhen}
            recipients={countSubscribers(confirmedCount)}
          />
          <SentCopy html={sentHtml ?? ""} subject={newsletter.subject} />
        </div>
      ) : (
        <SentNewsletter
          status={newsletter.status}
          stats={newsletter.stats}
          html={sentHtml ?? ""}
          subject={newsletter.subject}
        />
      )}
    </AdminPage>
  );
}

function DraftForm({
  subject: savedSubject,
  bodyHtml: savedBody,
  confirmedCount,
  mailEnabled,
  adminEmail,
  audience,
}: {
  subject: string;
  bodyHtml: string;
  confirmedCount: number;
  mailEnabled: boolean;
  adminEmail: string;
  /** Who it goes to, and how many that is: a chooser of its own. */
  audience: ReactNode;
}) {
  const fetcher = useFetcher<ScreenResult>();
  const [subject, setSubject] = useState(savedSubject);
  const [body, setBody] = useState(savedBody);
  const [previewOpen, setPreviewOpen] = useState(false);
  const answer = fetcher.data;
  const preview = answer?.status === "done" ? answer.body.preview : undefined;
  const errors = answer?.status === "failed" ? answer.errors : {};
  const busy = fetcher.state !== "idle";
  const shownPreview = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (preview && preview !== shownPreview.current) {
      shownPreview.current = preview;
      setPreviewOpen(true);
    }
  }, [preview]);

  const submit = (intent: string, more: Record<string, string> = {}) =>
    fetcher.submit({ intent, subject, bodyHtml: body, ...more }, { method: "post" });
  const recipients = countSubscribers(confirmedCount);

  return (
    <div className="grid gap-6">
      {mailEnabled ? null : <MailSetupNotice />}
      <FormNotice result={answer} />
      <Card className="grid gap-5 p-5 sm:p-6">
        <TextField
          path="subject"
          label="Subject"
          error={errors.subject}
          value={subject}
          onValueChange={setSubject}
          maxLength={200}
        />
        <RichTextField
          path="bodyHtml"
          label="Newsletter text"
          hint="What every subscriber reads. Your postal address and an unsubscribe link are added at the bottom."
          error={errors.bodyHtml}
          value={body}
          onValueChange={setBody}
        />
      </Card>
      {audience}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button type="button" variant="outline" disabled={busy} onClick={() => submit("save")}>
          Save draft
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => submit("preview")}>
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy || !mailEnabled}
          onClick={() => submit("test")}
        >
          <SendHorizontal aria-hidden="true" />
          Send a test to me
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" disabled={busy || !mailEnabled || confirmedCount === 0}>
              <Send aria-hidden="true" />
              Send to {recipients}
            </Button>
          }
          title={`Send this newsletter to ${recipients}?`}
          description="Each subscriber gets one copy, sent a few at a time. Once sending starts it cannot be changed or stopped."
          confirmLabel="Send now"
          onConfirm={() => submit("send")}
        />
        <div className="sm:ml-auto">
          <ConfirmDialog
            trigger={
              <Button type="button" variant="ghost" disabled={busy}>
                <Trash2 aria-hidden="true" />
                Delete draft
              </Button>
            }
            title="Delete this draft?"
            description="The draft is removed for good. Nothing has been sent."
            confirmLabel="Delete"
            onConfirm={() => submit("delete")}
          />
        </div>
      </div>
      <ScheduleSend
        disabled={busy || !mailEnabled}
        error={errors.sendAt}
        recipients={recipients}
        onSchedule={(sendAt) => submit("schedule", { sendAt })}
      />
      <p className="text-sm text-slate-600">
        The test copy goes to {adminEmail}. Subscribers who have not confirmed their address get
        nothing.
      </p>
      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        <DialogContent
          className="max-w-3xl"
          // Focus on the dialog, not in the preview's frame: keys typed in a frame never reach the
          // page, so Escape would not close it.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
          }}
        >
          <DialogTitle>Preview</DialogTitle>
          <DialogDescription>
            How the newsletter looks in a subscriber's inbox (their own unsubscribe link goes in the
            footer).
          </DialogDescription>
          <iframe
            title="Newsletter preview"
            srcDoc={preview ?? ""}
            sandbox=""
            className="h-[65vh] w-full rounded-lg border border-border bg-slate-100"
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function SentNewsletter({
  status,
  stats,
  html,
  subject,
}: {
  status: "sending" | "sent" | "draft" | "scheduled";
  stats: Route.ComponentProps["loaderData"]["newsletter"]["stats"];
  html: string;
  subject: string;
}) {
  const revalidator = useRevalidator();
  // While copies are waiting, the counts refresh by themselves.
  useEffect(() => {
    if (status !== "sending") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [status, revalidator]);
  return (
    <div className="grid gap-6">
      <NewsletterProgress stats={stats} />
      <SentCopy html={html} subject={subject} />
    </div>
  );
}

/** The newsletter as its readers get it (a scheduled one: as they will). */
function SentCopy({ html, subject }: { html: string; subject: string }) {
  return (
    <Card className="p-3 sm:p-4">
      <iframe
        title={`The newsletter as sent: ${subject}`}
        srcDoc={html}
        sandbox=""
        className="h-[70vh] w-full rounded-lg bg-slate-100"
      />
    </Card>
  );
}

function countSubscribers(count: number): string {
  return `${count} ${count === 1 ? "subscriber" : "subscribers"}`;
}
