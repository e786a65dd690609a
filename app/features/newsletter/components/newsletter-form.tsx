// The newsletter sign-up field: one email input and a Subscribe button.
// With JavaScript it posts JSON to /api/newsletter and answers with toasts; without, it is a
// plain form post to /newsletter, which renders the answer and links back to this page.
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "react-router";
import { ApiRequestError, postJson } from "~/platform/api-client";
import { useSharedRootData } from "~/platform/root-data";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Input } from "~/ui/input";
import { toast } from "~/ui/use-toast";
import { SpamGuardFields } from "../../leads/components/spam-guard-fields";

export const newsletterSuccessTitle = "Success";
export const newsletterSuccessDescription = "Thanks for subscribing to our newsletter!";

export function NewsletterForm({
  className,
  inverse = false,
  stacked = false,
}: {
  className?: string;
  inverse?: boolean;
  /** Field above button at every width, for narrow columns such as the footer's. */
  stacked?: boolean;
}) {
  const id = useId();
  const root = useSharedRootData();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  // The words come with the root's data; without it the page is the error screen, with no form.
  const texts = root?.shell.newsletter.form;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    const input = form.elements.namedItem("email") as HTMLInputElement;
    const email = input.value.trim();
    if (!email) {
      toast({
        title: "Error",
        description: "Please enter your email address",
        variant: "destructive",
      });
      return;
    }
    setPending(true);
    try {
      const answer = await postJson<{ detail?: string }>("/api/newsletter", {
        email,
        website: fields.get("website") ?? "",
        formToken: fields.get("formToken") ?? "",
      });
      input.value = "";
      // With mail set up, the next step (confirm by email) is a line of its own under the thanks.
      toast({
        title: newsletterSuccessTitle,
        description: newsletterSuccessDescription,
        detail: answer?.detail,
      });
    } catch (error) {
      toast({
        title: "Error",
        description:
          error instanceof ApiRequestError
            ? (error.serverMessage ?? "Failed to subscribe")
            : "Failed to subscribe. Please try again.",
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  if (!texts) return null;
  return (
    <form
      method="post"
      action="/newsletter"
      onSubmit={handleSubmit}
      className={cn("relative flex flex-col gap-2", !stacked && "sm:flex-row", className)}
    >
      <label htmlFor={id} className="sr-only">
        {texts.emailLabel}
      </label>
      <Input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={texts.placeholder}
        maxLength={254}
        className={cn(
          inverse && "border-white/20 bg-white/10 text-white placeholder:text-slate-300",
        )}
      />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <SpamGuardFields formToken={root?.formToken} />
      <Button
        type="submit"
        variant={inverse ? "accent" : "default"}
        disabled={pending}
        className="sm:min-w-32"
      >
        {pending ? texts.sendingText : texts.buttonText}
      </Button>
    </form>
  );
}
