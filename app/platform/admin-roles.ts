// The two admin roles: an owner may do everything; an editor works on the content and
// may read leads. One list of names and one rule, read by the admin gate, the menu, the JSON
// endpoints and the features that keep an action for owners.
import { z } from "~/platform/zod";

export const adminRoles = ["owner", "editor"] as const;
export const adminRoleSchema = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** How each role is named on screen. */
export const adminRoleLabels: Record<AdminRole, string> = { owner: "Owner", editor: "Editor" };

/** The answer to an editor who asks for something only an owner may do (a post, a download). */
export const ownerOnlyMessage = "Only an owner can do this";
/** The page an editor sees at an owner's screen. */
export const ownerOnlyScreenMessage = "Only an owner can open this screen";

/** Whether an admin with this role may use what needs `required` (nothing needed: anyone). */
export function isRoleAllowed(role: AdminRole, required: AdminRole | undefined): boolean {
  return required === undefined || required === role || role === "owner";
}

/** A stored role; anything unknown counts as the lesser one, so a bad value never grants more. */
export function readAdminRole(value: string): AdminRole {
  return value === "owner" ? "owner" : "editor";
}
