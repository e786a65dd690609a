// The Security screen's "Add a passkey": a name and the password again (a passkey signs in alone,
// so a borrowed session must not add one), then the browser's own passkey prompt. Needs
// JavaScript (WebAuthn is a browser call); without it the screen says so.
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { ApiRequestError } from "~/platform/api-client";
import type { FieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/forms/form-field";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import { toast } from "~/ui/use-toast";
import { describePasskeyError, registerPasskey } from "./passkey-client";
import { passkeyNameSchema } from "./two-factor-schemas";

export function PasskeyAdder({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    const name = passkeyNameSchema.safeParse(fields.get("name") ?? "");
    const password = String(fields.get("password") ?? "");
    const found: FieldErrors = {};
    if (!name.success) found.name = name.error.issues[0]?.message ?? "Name this passkey";
    if (!password) found.password = "Enter your password";
    setErrors(found);
    if (!name.success || !password) return;
    setPending(true);
    try {
      const added = await registerPasskey(name.data, password);
      form.reset();
      if (added.recoveryCodes) onRecoveryCodes(added.recoveryCodes);
      toast({ title: "Passkey Added", description: added.message });
      await revalidator.revalidate();
    } catch (caught) {
      if (caught instanceof ApiRequestError) setErrors(caught.fieldErrors);
      toast({
        title: "Passkey Not Added",
        description:
          describePasskeyError(caught) ??
          describeRequestError(caught, "The passkey could not be added."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 border-t border-border pt-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="passkey-name" label="Passkey name" error={errors.name}>
          {(control) => (
            <Input {...control} name="name" placeholder="e.g. Work laptop" maxLength={60} />
          )}
        </FormField>
        <FormField id="passkey-password" label="Your password" error={errors.password}>
          {(control) => (
            <Input {...control} name="password" type="password" autoComplete="current-password" />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!hydrated || pending}>
          {pending ? "Waiting for your device..." : "Add a passkey"}
        </Button>
        <p className="text-xs text-muted-foreground">
          {hydrated
            ? "Your browser then asks for your fingerprint, face or PIN."
            : "Adding a passkey needs JavaScript in your browser."}
        </p>
      </div>
    </form>
  );
}
