// Whether the firm is emailed each new message, in the owner's words: on (to whom, with a test
// button and how the latest test fared) or off (what to ask the person who runs the server).
import { BellOff, BellRing, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { LeadsOverview } from "~/features/leads/admin-leads.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";

type LatestTest = NonNullable<Extract<LeadsOverview["mail"], { enabled: true }>["latestTest"]>;

function describeTest(test: LatestTest) {
  switch (test.state) {
    case "sent":
      return {
        tone: "text-teal-800",
        text: `Latest test email arrived at the mail server ${test.sentAt}.`,
      };
    case "failed":
      return {
        tone: "text-red-800",
        text: `Latest test email failed: the mail server could not be reached or refused it (${test.lastError ?? "no reason given"}). Ask the person who runs your website's server to check the email settings.`,
      };
    case "in-doubt":
      return {
        tone: "text-amber-900",
        text: "The site stopped while handing the latest test email over: check your inbox for it.",
      };
    default:
      return {
        tone: "text-amber-900",
        text:
          test.attempts > 0
            ? `Latest test email (${test.queuedAt}) is not through yet: attempt ${test.attempts} failed (${test.lastError ?? "no reason given"}). The site keeps trying.`
            : `Latest test email (${test.queuedAt}) is on its way.`,
      };
  }
}

/** The card, a region named by its heading. */
function AlertsCard({ className, children }: { className: string; children: ReactNode }) {
  return (
    <section aria-labelledby="mail-alerts-heading">
      <Card className={className}>{children}</Card>
    </section>
  );
}

export function MailAlerts({
  mail,
  canSendTest,
}: {
  mail: LeadsOverview["mail"];
  /** Whether a test email may be asked for (an owner's; the mail set-up is theirs). */
  canSendTest: boolean;
}) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "test-email";
  if (!mail.enabled) {
    return (
      <AlertsCard className="flex gap-3 p-4 sm:p-5">
        <BellOff className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="text-sm">
          <h2 id="mail-alerts-heading" className="font-semibold text-navy">
            Email alerts are off
          </h2>
          <p className="mt-1 text-slate-700">
            New messages are kept here, but nobody is emailed about them. Ask the person who runs
            your website's server to set up email (README, section "Email alerts").
          </p>
        </div>
      </AlertsCard>
    );
  }
  const test = mail.latestTest ? describeTest(mail.latestTest) : undefined;
  return (
    <AlertsCard className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="flex min-w-0 gap-3">
        <BellRing className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
        <div className="min-w-0 text-sm">
          <h2 id="mail-alerts-heading" className="font-semibold text-navy">
            Email alerts are on
          </h2>
          <p className="mt-1 break-words text-slate-700">
            Each new message is emailed to <strong>{mail.to}</strong>.
          </p>
          {test ? (
            <p className={cn("mt-1 break-words", test.tone)} role="status">
              {test.text}
            </p>
          ) : null}
        </div>
      </div>
      {canSendTest ? (
        <Form method="post" preventScrollReset className="shrink-0">
          <input type="hidden" name="intent" value="test-email" />
          <Button type="submit" variant="outline" size="sm" disabled={sending}>
            <Send aria-hidden="true" />
            {sending ? "Sending..." : "Send a test email"}
          </Button>
        </Form>
      ) : null}
    </AlertsCard>
  );
}
