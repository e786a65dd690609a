// The Security screen's "Add a passkey": a name, then the browser's own passkey prompt. Needs
// JavaScript (WebAuthn is a browser call); without it the screen says so.
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { describeRequestError } from "~/features/admin/login/session-client";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { toast } from "~/ui/use-toast";
import { describePasskeyError, registerPasskey } from "./passkey-client";
import { passkeyNameSchema } from "./two-factor-schemas";

export function PasskeyAdder({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const name = passkeyNameSchema.safeParse(new FormData(form).get("name") ?? "");
    if (!name.success) {
      setError(name.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const added = await registerPasskey(name.data);
      form.reset();
      if (added.recoveryCodes) onRecoveryCodes(added.recoveryCodes);
      toast({ title: "Passkey Added", description: added.message });
      await revalidator.revalidate();
    } catch (caught) {
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
    <form onSubmit={handleSubmit} noValidate className="grid gap-2 border-t border-border pt-4">
      <Label htmlFor="passkey-name">Passkey name</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="passkey-name"
          name="name"
          placeholder="e.g. Work laptop"
          maxLength={60}
          className="min-w-0 flex-1 basis-48"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "passkey-name-hint passkey-name-error" : "passkey-name-hint"}
        />
        <Button type="submit" disabled={!hydrated || pending}>
          {pending ? "Waiting for your device..." : "Add a passkey"}
        </Button>
      </div>
      <p id="passkey-name-hint" className="text-xs text-muted-foreground">
        {hydrated
          ? "Your browser then asks for your fingerprint, face or PIN."
          : "Adding a passkey needs JavaScript in your browser."}
      </p>
      {error ? (
        <p id="passkey-name-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
