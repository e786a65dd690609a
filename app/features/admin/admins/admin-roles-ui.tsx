// The Admins screen's role controls: the choice of a role, described once and drawn as
// the add form's radio buttons and as each row's select with its "Change role" button.
import { Form } from "react-router";
import { type AdminRole, adminRoleLabels, adminRoles } from "~/platform/admin-roles";
import { Button } from "~/ui/button";
import { NativeSelect } from "~/ui/native-select";

/** What each role may do, in the owner's words. */
export const adminRoleDescriptions: Record<AdminRole, string> = {
  owner: "Everything, including admins, settings, the newsletter and leads export",
  editor: "Content, articles, case studies and images; reads leads but cannot export or delete",
};

/** The add form's choice of role; editor first, the role that can do least. */
export function RoleChoice() {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Their role</legend>
      {adminRoles.toReversed().map((role) => (
        <label key={role} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="role"
            value={role}
            defaultChecked={role === "editor"}
            className="mt-1"
          />
          <span>
            <span className="font-medium">{adminRoleLabels[role]}</span>
            <span className="block text-slate-600">{adminRoleDescriptions[role]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A row's role: a select and its button, posting the "role" intent. */
export function RoleForm({ email, role, busy }: { email: string; role: AdminRole; busy: boolean }) {
  const id = `role-${email}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="email" value={email} />
      <label htmlFor={id} className="sr-only">
        Role of {email}
      </label>
      <NativeSelect id={id} name="role" defaultValue={role} className="h-9 w-28">
        {adminRoles.map((value) => (
          <option key={value} value={value}>
            {adminRoleLabels[value]}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Change role<span className="sr-only"> of {email}</span>
      </Button>
    </Form>
  );
}
