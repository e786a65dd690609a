// The admin's email flows against a real SMTP server and the background mail worker, on each
// database: a password reset link (works once, for 30 minutes; an unknown address gets the same
// answer and no mail), an invitation (creates the admin who then signs in; 72 hours; once), and
// the notice of a sign-in from a browser the admin has not used before.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/features/admin/admins/admins.server";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite, waitForEmptyOutbox } from "../support/mail-site";
import {
  getMailHeader,
  getRecipient,
  postForm,
  readMail,
  signIn,
  waitFor,
} from "../support/newsletter";
import type { TestSmtpServer } from "../support/smtp";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const resetAnswer =
  "If an account exists for that email, we&#x27;ve sent a link to reset its password.";
const expiredTitle = "This link has expired or was already used";

let lastIp = 0;
function nextIp(): string {
  lastIp++;
  return `198.51.100.${(lastIp % 250) + 1}`;
}

describe.each(getTestDatabaseKinds())("admin email flows on $name", (kind) => {
  let mailSite: MailSite;
  let smtp: TestSmtpServer;
  let site: TestSite;

  beforeAll(async () => {
    mailSite = await startMailSite(await kind.create(), {
      SITE_URL: "http://admin.clearline.example",
    });
    ({ site, smtp } = mailSite);
  });

  afterEach(async () => {
    await waitForEmptyOutbox(site.services.db);
    smtp.received.length = 0;
  });

  afterAll(async () => {
    await mailSite?.close();
  });

  const mailsTo = (email: string, subject: string) =>
    smtp.received
      .map(readMail)
      .filter((mail) => getRecipient(mail) === email && getMailHeader(mail, "Subject") === subject);
  /** Every mail queued so far is out: a request queues its mail before it answers. */
  const settle = () => waitForEmptyOutbox(site.services.db);
  /** The path of the link in a mail (it names SITE_URL; the test site listens elsewhere). */
  const readLinkPath = (mail: string | undefined, path: string) => {
    const found = new RegExp(`http://admin\\.clearline\\.example(${path}\\?token=[\\w-]{43})`).exec(
      mail ?? "",
    )?.[1];
    if (!found) throw new Error(`No ${path} link in the mail`);
    return found;
  };
  // The sign-in page's forms post without JavaScript here: same-origin, as a browser sends them.
  const post = (path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      headers: { cookie, origin: site.url, "x-forwarded-for": nextIp() },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const page = async (path: string) => (await fetch(`${site.url}${path}`)).text();
  const moveLinksBack = (email: string, ms: number) =>
    site.services.db
      .selectFrom("admin_email_links")
      .select(["id", "created_at", "expires_at"])
      .where("email", "=", email)
      .execute()
      .then((rows) =>
        Promise.all(
          rows.map((row) =>
            site.services.db
              .updateTable("admin_email_links")
              .set({
                created_at: new Date(Date.parse(row.created_at) - ms).toISOString(),
                expires_at: new Date(Date.parse(row.expires_at) - ms).toISOString(),
              })
              .where("id", "=", row.id)
              .execute(),
          ),
        ),
      );
  const resetSubject = "Reset your password for admin.clearline.example";
  const inviteSubject = "You're invited to the admin of admin.clearline.example";
  /** Posts a link page's password form, the password typed twice. */
  const postPassword = (path: string, password: string) =>
    post(path, { token: path.split("=")[1] ?? "", password, passwordAgain: password });
  const readAdminsScreen = async (cookie: string) =>
    (await fetch(`${site.url}/admin/admins`, { headers: { cookie } })).text();
  /** Invites the address as the owner; answers the post's answer and the mailed link's path. */
  const invite = async (owner: string, email: string, role: string) => {
    const answer = await postForm(site.url, "/admin/admins", owner, {
      intent: "invite",
      email,
      role,
    });
    await waitFor(() => mailsTo(email, inviteSubject).length === 1);
    return { answer, path: readLinkPath(mailsTo(email, inviteSubject)[0], "/admin/accept-invite") };
  };
  const canSignIn = async (email: string, password: string) =>
    (
      await fetch(`${site.url}/api/admin/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: site.url,
          "x-forwarded-for": nextIp(),
        },
        body: JSON.stringify({ email, password }),
      })
    ).status === 200;

  it("sends a reset link that sets a new password once, ends the sessions, and is then refused", async () => {
    const email = "reset-me@example.com";
    await createAdmin(site.services.db, { email, password: "the old password" });
    const oldCookie = await signIn(site.url, { email, password: "the old password" });

    const started = Date.now();
    const asked = await post("/admin/forgot-password", { email: "Reset-Me@example.com" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(resetAnswer);
    await waitFor(() => mailsTo(email, resetSubject).length === 1);
    const mail = mailsTo(email, resetSubject)[0];
    expect(mail).toContain("within 30 minutes");
    const path = readLinkPath(mail, "/admin/reset-password");

    const form = await page(path);
    expect(form).toContain("Choose a new password");
    expect(form).toContain(email);
    // A password that breaks the rule, or differs, is refused; the link still works after.
    const short = await postPassword(path, "short");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");
    const changed = await postPassword(path, "a brand new password");
    expect(await changed.text()).toContain("Your password was changed");
    expect(changed.headers.getSetCookie().some((value) => value.startsWith("session="))).toBe(
      false,
    );

    // Every session ended; only the new password signs in.
    const session = await fetch(`${site.url}/api/admin/session`, {
      headers: { cookie: oldCookie },
    });
    expect(await session.json()).toMatchObject({ isAuthenticated: false });
    expect(await canSignIn(email, "the old password")).toBe(false);
    expect(await canSignIn(email, "a brand new password")).toBe(true);

    // The link works once.
    const again = await postPassword(path, "another new password");
    expect(await again.text()).toContain(expiredTitle);
    expect(await page(path)).toContain(expiredTitle);
    expect(await canSignIn(email, "a brand new password")).toBe(true);
  });

  it("lets a reset link live 30 minutes, and a newer link replaces an older one", async () => {
    const email = testAdmin.email;
    await post("/admin/forgot-password", { email });
    await waitFor(() => mailsTo(email, resetSubject).length === 1);
    const first = readLinkPath(mailsTo(email, resetSubject)[0], "/admin/reset-password");
    const link = await site.services.db
      .selectFrom("admin_email_links")
      .selectAll()
      .where("email", "=", email)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(30 * 60 * 1000);

    // 29 minutes later the link still works; at 30 it does not.
    await moveLinksBack(email, 29 * 60 * 1000);
    expect(await page(first)).toContain("Choose a new password");
    await moveLinksBack(email, 60 * 1000);
    expect(await page(first)).toContain(expiredTitle);
    const late = await postPassword(first, "too late a password");
    expect(await late.text()).toContain(expiredTitle);
    expect(await canSignIn(email, testAdmin.password)).toBe(true);

    // Two requests: only the newer link works.
    await post("/admin/forgot-password", { email });
    await post("/admin/forgot-password", { email });
    await waitFor(() => mailsTo(email, resetSubject).length === 3);
    const [, older, newer] = mailsTo(email, resetSubject).map((mail) =>
      readLinkPath(mail, "/admin/reset-password"),
    );
    expect(await page(older ?? "")).toContain(expiredTitle);
    expect(await page(newer ?? "")).toContain("Choose a new password");
  });

  it("answers an unknown address the same, as slowly, and sends nothing; limits a network", async () => {
    const started = Date.now();
    const unknown = await post("/admin/forgot-password", { email: "nobody@example.com" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain(resetAnswer);
    await settle();
    expect(
      smtp.received.map(readMail).filter((mail) => getRecipient(mail) === "nobody@example.com"),
    ).toEqual([]);

    // One network: 10 requests in 15 minutes, then a 429 with the wait.
    const ip = "192.0.2.77";
    const fromOneNetwork = () =>
      fetch(`${site.url}/admin/forgot-password`, {
        method: "POST",
        headers: { origin: site.url, "x-forwarded-for": ip },
        body: new URLSearchParams({ email: "nobody@example.com" }),
      });
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await fromOneNetwork()).status).toBe(200);
    const limited = await fromOneNetwork();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Too many requests from your network");
  });

  it("invites an admin by email; the link creates the account once, which then signs in", async () => {
    const owner = await signIn(site.url, testAdmin);
    const email = "new.editor@example.com";
    const { answer: invited, path } = await invite(owner, email, "editor");
    expect(invited.status).toBe(200);
    expect(await invited.text()).toContain(`An invitation is on its way to ${email}`);
    const mail = mailsTo(email, inviteSubject)[0];
    expect(mail).toContain(`${testAdmin.email} invited you`);
    expect(mail).toContain("as an editor");

    // Listed as pending on the Admins screen, with its role.
    const row = await site.services.db
      .selectFrom("admin_email_links")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("editor");
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(72 * 60 * 60 * 1000);
    const screen = await readAdminsScreen(owner);
    expect(screen).toContain("Pending invitations");
    expect(screen).toContain(email);

    expect(await page(path)).toContain("Create your admin account");
    const accepted = await postPassword(path, "my own password!");
    expect(await accepted.text()).toContain("Your account is ready");
    expect(await canSignIn(email, "my own password!")).toBe(true);
    const after = await readAdminsScreen(owner);
    expect(after).not.toContain("Pending invitations");

    const again = await postPassword(path, "someone elses pass");
    expect(await again.text()).toContain(expiredTitle);
    expect(await canSignIn(email, "my own password!")).toBe(true);

    // Inviting an address that already has an account is refused.
    const twice = await postForm(site.url, "/admin/admins", owner, {
      intent: "invite",
      email,
      role: "editor",
    });
    expect(twice.status).toBe(409);
  });

  it("lets an invitation live 72 hours, and a cancelled one stops working", async () => {
    const owner = await signIn(site.url, testAdmin);
    const late = "late.invitee@example.com";
    const { path: latePath } = await invite(owner, late, "owner");
    await moveLinksBack(late, 71 * 60 * 60 * 1000);
    expect(await page(latePath)).toContain("Create your admin account");
    await moveLinksBack(late, 60 * 60 * 1000);
    expect(await page(latePath)).toContain(expiredTitle);
    const refused = await postPassword(latePath, "my own password!");
    expect(await refused.text()).toContain(expiredTitle);
    expect(await canSignIn(late, "my own password!")).toBe(false);
    // The screen says it expired.
    const screen = await readAdminsScreen(owner);
    expect(screen).toMatch(/Expired [^<]*20\d\d/);

    const cancelled = "cancelled.invitee@example.com";
    const { path: cancelledPath } = await invite(owner, cancelled, "editor");
    const row = await site.services.db
      .selectFrom("admin_email_links")
      .select("id")
      .where("email", "=", cancelled)
      .executeTakeFirstOrThrow();
    const cancel = await postForm(site.url, "/admin/admins", owner, {
      intent: "cancel-invite",
      id: String(row.id),
    });
    expect(await cancel.text()).toContain(`The invitation to ${cancelled} was cancelled`);
    expect(await page(cancelledPath)).toContain(expiredTitle);
  });

  it("sends a new-browser notice once per browser, never for a browser already used", async () => {
    const email = "notice-me@example.com";
    const password = "a notice password";
    await createAdmin(site.services.db, { email, password });
    const subject = "New sign-in to admin.clearline.example";
    const logIn = (deviceCookie = "") =>
      fetch(`${site.url}/api/admin/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: site.url,
          cookie: deviceCookie,
          "x-forwarded-for": "203.0.113.9",
          "user-agent":
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
        },
        body: JSON.stringify({ email, password }),
      });

    const first = await logIn();
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((value) => value.startsWith("device="));
    expect(device).toMatch(/^device=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    await waitFor(() => mailsTo(email, subject).length === 1);
    const notice = mailsTo(email, subject)[0] ?? "";
    expect(notice).toContain("Browser: Firefox on Windows");
    expect(notice).toContain("Network address: 203.0.113.9");
    expect(notice).toMatch(/Time: .*20\d\d/);
    expect(notice).toContain("change your password");

    // The same browser again: nothing.
    const deviceCookie = device?.split(";")[0] ?? "";
    expect((await logIn(deviceCookie)).status).toBe(200);
    await settle();
    expect(mailsTo(email, subject)).toHaveLength(1);

    // Another browser: one more notice.
    expect((await logIn()).status).toBe(200);
    await waitFor(() => mailsTo(email, subject).length === 2);
    // A failed sign-in from a new browser sends nothing.
    await fetch(`${site.url}/api/admin/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: site.url,
        "x-forwarded-for": nextIp(),
      },
      body: JSON.stringify({ email, password: "not the password" }),
    });
    await settle();
    expect(mailsTo(email, subject)).toHaveLength(2);
  });
});

describe("admin email flows without mail", () => {
  let site: TestSite;

  beforeAll(async () => {
    const [sqlite] = getTestDatabaseKinds();
    if (!sqlite) throw new Error("no test database");
    site = await startTestSite(await sqlite.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  it("says how to reset a password on the server, and keeps the Admins screen's add form", async () => {
    const forgot = await (await fetch(`${site.url}/admin/forgot-password`)).text();
    expect(forgot).toContain("Password reset emails are not set up on this site.");
    expect(forgot).toContain("npm run admin -- reset-password");
    const cookie = await signIn(site.url, testAdmin);
    const screen = await (await fetch(`${site.url}/admin/admins`, { headers: { cookie } })).text();
    expect(screen).toContain("Add an admin");
    expect(screen).toContain("needs mail set up");
    expect(screen).not.toContain("Invite an admin");
    const refused = await postForm(site.url, "/admin/admins", cookie, {
      intent: "invite",
      email: "someone@example.com",
    });
    expect(refused.status).toBe(409);
    expect(
      await site.services.db.selectFrom("admin_known_browsers").select("admin_id").execute(),
    ).toHaveLength(1);
    expect(await site.services.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });
});
