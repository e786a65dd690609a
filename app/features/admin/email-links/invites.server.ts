// Inviting an admin by email (when mail is set up): the invitee gets a link, valid 72 hours and
// once, to choose their own password; the account is created then, never with a password someone
// else saw. Pending invites are listed on the Admins screen, where an owner can cancel them.

import { sendMail } from "~/capabilities/mail/mail-port.server";
import { createAdmin, findAdminByEmail } from "~/features/admin/admins/admins.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import { readAdminRole } from "~/platform/admin-roles";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime } from "~/platform/format-time";
import { readSiteTimeZone } from "~/platform/settings.server";
import type { InviteRole } from "./email-link-forms";
import { createEmailLink, getLinkUrl, getSiteName, spendLink } from "./email-links.server";

export type InviteResult = "invited" | "already-admin";

/** Sends an invite to the address; a newer invite replaces an older one still pending. */
export async function inviteAdmin(
  db: Db,
  config: Config,
  invite: { email: string; role: InviteRole; actor: Actor },
  now = new Date(),
): Promise<InviteResult> {
  if (await findAdminByEmail(db, invite.email)) return "already-admin";
  const timeZone = await readSiteTimeZone(db);
  const { token, expiresAt } = await db.transaction().execute(async (trx) => {
    const link = await createEmailLink(
      trx,
      {
        kind: "invite",
        email: invite.email,
        role: invite.role,
        ...(invite.actor.email ? { createdBy: invite.actor.email } : {}),
      },
      now,
    );
    await recordActivity(
      trx,
      {
        action: "admin-invite",
        actor: invite.actor,
        target: invite.email,
        detail: { role: invite.role },
      },
      now,
    );
    return link;
  });
  // Queued once the invite is stored (the worker, woken now, finds the mail).
  const site = getSiteName(config.SITE_URL);
  await sendMail(db, {
    to: invite.email,
    subject: `You're invited to the admin of ${site}`,
    text: [
      `${invite.actor.email ?? "The site's owner"} invited you to sign in to the admin of ${site} as ${invite.role === "owner" ? "an owner" : "an editor"}.`,
      "",
      "Choose your password here to create your account:",
      getLinkUrl(config.SITE_URL, "/admin/accept-invite", token),
      "",
      `The link works once, until ${formatTime(expiresAt, timeZone)}.`,
      "If you were not expecting this, ignore this email: no account is created.",
    ].join("\n"),
  });
  return "invited";
}

export type PendingInvite = {
  id: number;
  email: string;
  role: string;
  invitedBy: string | null;
  expiresAt: string;
  expired: boolean;
};

/** Invites not accepted yet, newest first; those past their 72 hours say so until removed. */
export async function listPendingInvites(db: Db, now = new Date()): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom("admin_email_links")
    .select(["id", "email", "role", "created_by", "expires_at"])
    .where("kind", "=", "invite")
    .where("used_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    role: row.role ?? "editor",
    invitedBy: row.created_by,
    expiresAt: row.expires_at,
    expired: Date.parse(row.expires_at) <= now.getTime(),
  }));
}

/** Cancels a pending invite: its link stops working. Answers the invitee, or undefined. */
export async function cancelInvite(db: Db, id: number, actor: Actor): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("admin_email_links")
      .where("id", "=", id)
      .where("kind", "=", "invite")
      .where("used_at", "is", null)
      .returning("email")
      .executeTakeFirst();
    if (!row) return undefined;
    await recordActivity(trx, { action: "admin-invite-cancel", actor, target: row.email });
    return row.email;
  });
}

export type AcceptInviteResult =
  | { status: "created"; email: string; role: string }
  | { status: "expired" }
  | { status: "already-admin"; email: string };

/** Creates the invited account, with the invite's role and the password its owner chose. */
export async function acceptInvite(
  db: Db,
  input: { token: string; password: string; clientIp: string },
  now = new Date(),
): Promise<AcceptInviteResult> {
  const link = await spendLink(db, "invite", input.token, now);
  if (!link) return { status: "expired" };
  const actor = { adminId: null, email: link.email, address: input.clientIp };
  const role = readAdminRole(link.role ?? "editor");
  const created = await createAdmin(
    db,
    { email: link.email, password: input.password, role },
    actor,
  );
  if (!created) return { status: "already-admin", email: link.email };
  return { status: "created", email: link.email, role };
}
