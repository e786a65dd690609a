// The Admins screen's "Invite an admin" card (when mail is set up): an email and a role, sent as
// a link to choose one's own password; below, the invitations not accepted yet, each with when
// it expires and a way to cancel it.
import { Form, useNavigation } from "react-router";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import { FieldError } from "~/features/admin/admins/password-fields";
import { adminRoleLabels } from "~/platform/admin-roles";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { type InviteIntentResult, inviteRoles } from "./email-link-forms";

export type InviteRow = {
  id: number;
  email: string;
  role: string;
  expires: string;
  expired: boolean;
};

export function InviteAdminCard({
  result,
  invites,
}: {
  result: InviteIntentResult | undefined;
  invites: InviteRow[];
}) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.status === "failed" ? result.errors : {};
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Invite an admin</h2>
        <CardDescription>
          They get an email with a link to choose their own password, valid for 72 hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormNotice result={result} />
        <Form
          method="post"
          className="grid gap-4"
          key={result?.status === "done" ? result.body.message : "invite"}
        >
          <input type="hidden" name="intent" value="invite" />
          <div className="grid gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "invite-email-error" : undefined}
            />
            <FieldError id="invite-email-error" message={errors.email} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <NativeSelect
              id="invite-role"
              name="role"
              defaultValue="editor"
              aria-describedby="invite-role-hint"
            >
              {inviteRoles.map((role) => (
                <option key={role} value={role}>
                  {adminRoleLabels[role]}
                </option>
              ))}
            </NativeSelect>
            <p id="invite-role-hint" className="text-sm text-muted-foreground">
              Editors manage content, articles, case studies and images. Owners can do everything,
              including admins and settings.
            </p>
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Send invitation
            </Button>
          </div>
        </Form>
        {invites.length > 0 ? (
          <section
            aria-labelledby="pending-invites"
            className="grid gap-2 border-t border-border pt-4"
          >
            <h3 id="pending-invites" className="text-sm font-semibold">
              Pending invitations
            </h3>
            <ul className="divide-y divide-border rounded-md border border-border">
              {invites.map((invite) => (
                <li
                  key={invite.id}
                  className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-medium wrap-anywhere text-navy">{invite.email}</p>
                    <p className={invite.expired ? "text-amber-800" : "text-slate-600"}>
                      {invite.role === "owner" ? "Owner" : "Editor"} ·{" "}
                      {invite.expired ? `Expired ${invite.expires}` : `Expires ${invite.expires}`}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel-invite" />
                    <input type="hidden" name="id" value={invite.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy}>
                      {invite.expired ? "Remove" : "Cancel invite"}
                      <span className="sr-only"> to {invite.email}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
