// The single-use links the admin's emails carry (a password reset, an invitation): a random token
// in the link, only its hash in the database; a link works once, until it expires, and a new one
// of the same kind for the same address replaces the older.
import { createHash, randomBytes } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { AdminEmailLinkKind, Db, Tables } from "~/platform/db/tables.server";

const linkLifetimeMs: Record<AdminEmailLinkKind, number> = {
  reset: 30 * 60 * 1000,
  invite: 72 * 60 * 60 * 1000,
};
/** Used and expired links are kept this long (an owner sees an invite that ran out), then go. */
const keptAfterExpiryMs = 7 * 24 * 60 * 60 * 1000;

/** What a link's page and its use need: whose it is, and (an invite) the role it gives. */
export type EmailLink = { email: string; role: string | null };

function hashToken(token: string): string {
  return createHash("sha256").update(`admin-email-link:${token}`).digest("hex");
}

function isWellFormedToken(token: string): boolean {
  return /^[\w-]{43}$/.test(token);
}

/**
 * Stores a new link (in db: pass the transaction that sends its mail) and answers its token, to
 * be put in the mail once. Older unused links of the kind for that address stop working.
 */
export async function createEmailLink(
  db: Db,
  link: { kind: AdminEmailLinkKind; email: string; role?: string; createdBy?: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + linkLifetimeMs[link.kind]).toISOString();
  await db
    .deleteFrom("admin_email_links")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("kind", "=", link.kind),
          eb("email", "=", link.email),
          eb("used_at", "is", null),
        ]),
        eb("expires_at", "<", new Date(now.getTime() - keptAfterExpiryMs).toISOString()),
      ]),
    )
    .execute();
  await db
    .insertInto("admin_email_links")
    .values({
      kind: link.kind,
      email: link.email,
      role: link.role ?? null,
      token_hash: hashToken(token),
      created_by: link.createdBy ?? null,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

const linkColumns = ["email", "role"] as const;

/** The condition of the row a token names while its link works: unused and unexpired. */
function usableLink(kind: AdminEmailLinkKind, token: string, now: Date) {
  return (eb: ExpressionBuilder<Tables, "admin_email_links">) =>
    eb.and([
      eb("token_hash", "=", hashToken(token)),
      eb("kind", "=", kind),
      eb("used_at", "is", null),
      eb("expires_at", ">", now.toISOString()),
    ]);
}

/** The link a token names while it still works (unused, unexpired); a page shows its form then. */
export async function findUsableLink(
  db: Db,
  kind: AdminEmailLinkKind,
  token: string,
  now = new Date(),
): Promise<EmailLink | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const row = await db
    .selectFrom("admin_email_links")
    .select(linkColumns)
    .where(usableLink(kind, token, now))
    .executeTakeFirst();
  return row;
}

/**
 * Uses a link up: of two requests with one token, only one gets the link; the other, like a
 * request with a used or expired token, gets undefined.
 */
export async function spendLink(
  db: Db,
  kind: AdminEmailLinkKind,
  token: string,
  now = new Date(),
): Promise<EmailLink | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const row = await db
    .updateTable("admin_email_links")
    .set({ used_at: now.toISOString() })
    .where(usableLink(kind, token, now))
    .returning(linkColumns)
    .executeTakeFirst();
  return row;
}

/** The address of a link's page: SITE_URL, the path and the token. */
export function getLinkUrl(siteUrl: string, path: string, token: string): string {
  return `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** How mails name the site: SITE_URL's host (the admin feature cannot read the content's name). */
export function getSiteName(siteUrl: string): string {
  return new URL(siteUrl).host;
}
