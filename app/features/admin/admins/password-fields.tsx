// The admin screens' password fields: a labelled password input with its error below, and the
// error line itself. The Admins screen's "Add an admin" and the account screen's password change.
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

export function PasswordInput({
  id,
  name,
  label,
  error,
  autoComplete,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  autoComplete: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
