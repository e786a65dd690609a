// The page an emailed link opens (unsubscribe, confirm a subscription): it asks for one confirming
// click, a form post, so mail scanners that follow links change nothing; then says it is done, or
// that the link is not valid. One layout for every such link; the words come from the content.
import type { LucideIcon } from "lucide-react";
import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";

export type EmailLinkView =
  | { state: "confirm"; email: string; token: string }
  | { state: "done"; email: string }
  | { state: "invalid"; contactEmail: string };

export type EmailLinkTexts = {
  heading: string;
  text: string;
  buttonText: string;
  sendingText: string;
  /** A way out without clicking, e.g. "Keep my subscription". */
  keepText?: string;
  doneHeading: string;
  doneText: string;
  invalidHeading: string;
  invalidText: string;
  homeLinkText: string;
};

/** A text written with "{email}", the address shown as the given element. */
function WithEmail({ text, children }: { text: string; children: ReactNode }) {
  const [before, ...after] = text.split("{email}");
  return (
    <>
      {before}
      {after.length > 0 ? children : null}
      {after.join("{email}")}
    </>
  );
}

const headingClass = "mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl";

export function EmailLinkPage({
  view,
  texts,
  icon: Icon,
  afterDone,
}: {
  view: EmailLinkView;
  texts: EmailLinkTexts;
  /** The page's icon while it asks, and (greyed) when the link is not valid. */
  icon: LucideIcon;
  /** Shown under the done message, outside its status region (a form, say). */
  afterDone?: ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <EmailLinkFrame className="text-center">
      {view.state === "confirm" ? (
        <>
          <LinkPageIntro
            icon={<Icon className="mx-auto size-10 text-primary" aria-hidden="true" />}
            heading={texts.heading}
            text={texts.text}
            email={view.email}
          />
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={view.token} />
            <Button type="submit" size="lg" disabled={pending}>
              {pending ? texts.sendingText : texts.buttonText}
            </Button>
          </Form>
          {texts.keepText ? (
            <Link
              to="/"
              className="mt-6 inline-block text-sm font-medium text-primary hover:underline"
            >
              {texts.keepText}
            </Link>
          ) : null}
        </>
      ) : null}
      {view.state === "done" ? (
        <div role="status">
          <LinkPageIntro
            icon={<CircleCheck className="mx-auto size-10 text-accent" aria-hidden="true" />}
            heading={texts.doneHeading}
            text={texts.doneText}
            email={view.email}
          />
          {afterDone ? null : (
            <Button asChild variant="outline" className="mt-8">
              <Link to="/">{texts.homeLinkText}</Link>
            </Button>
          )}
        </div>
      ) : null}
      {view.state === "done" && afterDone ? (
        <>
          <div className="mt-8 border-t border-border pt-6">{afterDone}</div>
          <Button asChild variant="outline" className="mt-8">
            <Link to="/">{texts.homeLinkText}</Link>
          </Button>
        </>
      ) : null}
      {view.state === "invalid" ? (
        <InvalidLinkNotice
          icon={Icon}
          heading={texts.invalidHeading}
          text={texts.invalidText}
          contactEmail={view.contactEmail}
          homeLinkText={texts.homeLinkText}
        />
      ) : null}
    </EmailLinkFrame>
  );
}

/** An emailed link's page's icon, heading and words, the subscriber's address in them. */
export function LinkPageIntro({
  icon,
  heading,
  text,
  email,
}: {
  icon: ReactNode;
  heading: string;
  text: string;
  email: string;
}) {
  return (
    <>
      {icon}
      <h1 className={headingClass}>{heading}</h1>
      <p className="mt-4 leading-relaxed text-slate-600">
        <WithEmail text={text}>
          <strong className="text-slate-900">{email}</strong>
        </WithEmail>
      </p>
    </>
  );
}

/** The card every emailed link's page sits in. */
export function EmailLinkFrame({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-slate-50 via-white to-tint">
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-24">
        <Card className={cn("p-6 sm:p-10", className)}>{children}</Card>
      </div>
    </section>
  );
}

/** What a link that names nobody (any more) says: the owner's words, our address, the way home. */
export function InvalidLinkNotice({
  icon: Icon,
  heading,
  text,
  contactEmail,
  homeLinkText,
}: {
  icon: LucideIcon;
  heading: string;
  text: string;
  contactEmail: string;
  homeLinkText: string;
}) {
  return (
    <div className="text-center">
      <Icon className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <h1 className={headingClass}>{heading}</h1>
      <p className="mt-4 leading-relaxed text-slate-600">
        <WithEmail text={text}>
          <a href={`mailto:${contactEmail}`} className="font-medium text-primary hover:underline">
            {contactEmail}
          </a>
        </WithEmail>
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/">{homeLinkText}</Link>
      </Button>
    </div>
  );
}
