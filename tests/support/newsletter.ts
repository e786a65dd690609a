// The newsletter as tests drive it: subscribers put straight into the database, an admin's
// form posts to the newsletter screens (create a draft, send it), and the mails the test SMTP
// server received read back (headers unfolded, quoted-printable undone).
import { randomBytes } from "node:crypto";
import type { Db } from "~/platform/db/tables.server";

/** Confirmed subscribers reader-<prefix>-<n>@example.com; answers their addresses. */
export async function addConfirmedSubscribers(
  db: Db,
  count: number,
  prefix: string,
): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, index) => ({
    email: `reader-${prefix}-${index + 1}@example.com`,
    unsubscribe_token: randomBytes(24).toString("base64url"),
    created_at: now,
    confirmed_at: now,
    ip_hash: "test",
    state: "confirmed" as const,
  }));
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto("newsletter_subscriptions")
      .values(rows.slice(start, start + 200))
      .execute();
  }
  return rows.map((row) => row.email);
}

/** A signed-in admin's session cookie ("session=..."). */
export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("session="));
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in failed: ${response.status}`);
  return cookie.split(";")[0] ?? "";
}

/** A form post from the admin's browser to one of the site's screens. */
export function postForm(
  baseUrl: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  origin: string | null = baseUrl,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { cookie, ...(origin ? { origin } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Creates a draft from the newsletter screen; answers its id. */
export async function createDraft(baseUrl: string, cookie: string): Promise<number> {
  const response = await postForm(baseUrl, "/admin/newsletter", cookie, { intent: "create" });
  const id = Number(
    /\/admin\/newsletter\/(\d+)$/.exec(response.headers.get("location") ?? "")?.[1],
  );
  if (!id) throw new Error(`No draft created: ${response.status}`);
  return id;
}

/** Writes and sends a newsletter as the admin would; answers its id and the send's response. */
export async function sendNewsletterAs(
  baseUrl: string,
  cookie: string,
  draft: { subject: string; bodyHtml: string },
): Promise<{ id: number; response: Response }> {
  const id = await createDraft(baseUrl, cookie);
  const response = await postForm(baseUrl, `/admin/newsletter/${id}`, cookie, {
    intent: "send",
    ...draft,
  });
  return { id, response };
}

/** A received mail as text: header lines unfolded, the body's quoted-printable decoded. */
export function readMail(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw
    .slice(split)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return headers + body;
}

export function getMailHeader(mail: string, name: string): string | undefined {
  const match = new RegExp(`^${name}: (.*)$`, "mi").exec(mail);
  return match?.[1]?.trim();
}

export function getRecipient(mail: string): string {
  return getMailHeader(mail, "To") ?? "";
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a newsletter site runs with as a real server process: mail to the test SMTP server, no pace. */
export function getNewsletterServerEnv(
  databaseUrl: string,
  smtpUrl: string,
  admin: { email: string; password: string },
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    MAIL_FROM: "news@clearline.example",
    NOTIFY_TO: "owner@clearline.example",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    NEWSLETTER_RATE: "100000",
  };
}
