// The admin workspace against the built site and a real database (SQLite, and PostgreSQL when
// available): the gate and no-store on every admin screen, History (list, changes, restore and a
// restore racing a save), the activity log written with what it records, and admin management
// (add, password change on the account screen ending other sessions, sign out everywhere, never removing the last admin,
// the command line's reset, revoke-sessions and delete).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "~/features/admin/admins/admin-cli.server";
import { createAdmin, deleteAdmin, listAdmins } from "~/features/admin/admins/admins.server";
import { saveContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { contentHistory } from "~/features/content/history/content-history.server";
import { listHistory } from "~/features/pages/history/history.server";
import { listActivity, pruneActivity, recordActivity } from "~/platform/activity/activity.server";
import { openDatabase } from "~/platform/db/database.server";
import { formatTime as formatZonedTime } from "~/platform/format-time";

// History is read here as the admin screens read it, in one zone (UTC) for predictable texts.
const formatTime = (iso: string) => formatZonedTime(iso, "UTC");

import { seedDefaults } from "../../server/seed.server";
import {
  getContent,
  logIn,
  logInCookie,
  postJsonAs,
  readSetCookie,
  resetLoginThrottles,
} from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

async function saveTagline(site: TestSite, cookie: string, tagline: string, ifMatch?: string) {
  const { content, etag } = await getContent(site);
  return postJsonAs(
    site,
    "/api/content",
    { content: { general: { ...content.general, tagline } } },
    { cookie, headers: { "if-match": ifMatch ?? etag } },
  );
}

function postForm(site: TestSite, path: string, fields: Record<string, string>, cookie: string) {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site.url,
      cookie,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function isSignedIn(site: TestSite, cookie: string): Promise<boolean> {
  const response = await fetch(`${site.url}/api/admin/session`, { headers: { cookie } });
  return ((await response.json()) as { isAuthenticated: boolean }).isAuthenticated;
}

const adminScreens = [
  "/edit",
  "/content",
  "/images",
  "/admin/leads",
  "/admin/history",
  "/admin/activity",
  "/admin/admins",
  "/admin/settings",
];

describe.each(getTestDatabaseKinds())("the admin workspace on $name", (kind) => {
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  beforeEach(async () => {
    await resetLoginThrottles(site);
    cookie = await logInCookie(site);
  });

  it("opens every admin screen to an admin only, never cached", async () => {
    for (const path of adminScreens) {
      const anonymous = await fetch(`${site.url}${path}`, { redirect: "manual" });
      // The spec's editor checks the session in the browser; every other screen redirects.
      if (path === "/edit") expect(anonymous.status).toBe(200);
      else {
        expect(anonymous.status, path).toBe(302);
        expect(anonymous.headers.get("location"), path).toBe("/admin/login");
      }
      const signedIn = await fetch(`${site.url}${path}`, { headers: { cookie } });
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get("cache-control"), path).toBe("no-store");
      const html = await signedIn.text();
      expect(html, path).toContain(
        `Signed in as <span class="font-medium text-white">${testAdmin.email}`,
      );
      for (const label of [
        "Content",
        "More content",
        "Images",
        "Leads",
        "History",
        "Activity",
        "Admins",
        "Settings",
        "View site",
      ]) {
        expect(html, `${path} ${label}`).toContain(`>${label}</a>`);
      }
    }
  });

  it("lists each save in History with its author and the sections it changed, field by field", async () => {
    expect((await saveTagline(site, cookie, "Before the <b>change</b>")).status).toBe(200);
    const response = await saveTagline(site, cookie, "After the change");
    expect(response.status).toBe(200);
    const { version } = (await response.json()) as { version: number };

    const [latest] = await listHistory(site.services.db, {
      kind: "content",
      limit: 5,
      formatTime,
    });
    expect(latest).toMatchObject({
      id: version,
      version,
      author: testAdmin.email,
      events: [],
      changed: ["General"],
      isCurrent: true,
    });
    const revision = await contentHistory.get(site.services.db, version, { formatTime });
    expect(revision?.changes).toEqual([
      {
        path: "general.tagline",
        label: "General › Tagline",
        before: "Before the change",
        after: "After the change",
      },
    ]);

    const page = await fetch(`${site.url}/admin/history/content/${version}`, {
      headers: { cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("General › Tagline");
    expect(html).toContain("This is the current version.");
    const older = await fetch(`${site.url}/admin/history/content/${version - 1}`, {
      headers: { cookie },
    });
    expect(await older.text()).toContain("Restore this version");
    const missing = await fetch(`${site.url}/admin/history/content/999999`, {
      headers: { cookie },
    });
    expect(missing.status).toBe(404);
  });

  it("restores an old revision as a new one, and the public pages show its text again", async () => {
    const first = await saveTagline(site, cookie, "The text to bring back");
    const { version: oldVersion } = (await first.json()) as { version: number };
    await saveTagline(site, cookie, "A later text");
    const { etag } = await getContent(site);
    const current = Number(etag.replaceAll('"', ""));

    const restore = await postForm(
      site,
      `/admin/history/content/${oldVersion}`,
      { expectedVersion: String(current) },
      cookie,
    );
    expect(restore.status).toBe(302);
    expect(restore.headers.get("location")).toBe(`/admin/history?restored=content-${oldVersion}`);
    const after = await getContent(site);
    expect(after.content.general.tagline).toBe("The text to bring back");
    expect(Number(after.etag.replaceAll('"', ""))).toBe(current + 1);
    // Nothing was rewritten: the later revision is still in History.
    expect(
      (await contentHistory.get(site.services.db, current, { formatTime }))?.changes[0]?.after,
    ).toBe("A later text");
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toContain("The text to bring back");

    const { entries } = await listActivity(site.services.db, { action: "content-restore" });
    expect(entries[0]).toMatchObject({
      adminEmail: testAdmin.email,
      target: `revision ${oldVersion} (saved as revision ${current + 1})`,
    });
  });

  it("refuses a restore racing a save with 409 and writes nothing", async () => {
    const first = await saveTagline(site, cookie, "Old text of the race");
    const { version: oldVersion } = (await first.json()) as { version: number };
    // The restore page is opened at this version...
    const opened = (await contentHistory.get(site.services.db, oldVersion, { formatTime }))
      ?.currentVersion;
    // ...then someone saves before the restore is sent.
    await saveTagline(site, cookie, "Saved meanwhile");
    const { etag: before } = await getContent(site);
    const restore = await postForm(
      site,
      `/admin/history/content/${oldVersion}`,
      { expectedVersion: String(opened) },
      cookie,
    );
    expect(restore.status).toBe(409);
    expect(await restore.text()).toContain("nothing was restored");
    const after = await getContent(site);
    expect(after.etag).toBe(before);
    expect(after.content.general.tagline).toBe("Saved meanwhile");
    // An If-Match header is honoured the same way.
    const viaHeader = await fetch(`${site.url}/admin/history/content/${oldVersion}`, {
      method: "POST",
      headers: { origin: site.url, cookie, "if-match": `"${opened}"` },
      redirect: "manual",
    });
    expect(viaHeader.status).toBe(409);
  });

  it("writes sign-ins, failures, saves, exports and sign-outs to the activity log, with the address", async () => {
    await resetLoginThrottles(site);
    await logIn(site, { email: testAdmin.email, password: "not the password at all" });
    const saved = await saveTagline(site, cookie, "A save in the log");
    const { version } = (await saved.json()) as { version: number };
    // A refused save (stale version) leaves no entry: the entry is in the save's transaction.
    expect((await saveTagline(site, cookie, "Refused", '"1"')).status).toBe(409);
    await fetch(`${site.url}/admin/leads/subscribers.csv`, { headers: { cookie } });
    const logout = await postJsonAs(site, "/api/admin/logout", undefined, { cookie });
    expect(logout.status).toBe(200);

    const { entries } = await listActivity(site.services.db, {});
    const newest = entries.slice(0, 4).map((entry) => [entry.action, entry.adminEmail]);
    expect(newest).toEqual([
      ["logout", testAdmin.email],
      ["export", testAdmin.email],
      ["content-save", testAdmin.email],
      ["login-failed", testAdmin.email],
    ]);
    expect(entries[2]?.target).toBe(`revision ${version}`);
    expect(entries.every((entry) => entry.address.length > 0)).toBe(true);
    const saves = await listActivity(site.services.db, { action: "content-save" });
    expect(saves.entries.some((entry) => entry.target?.includes("Refused"))).toBe(false);
    const logins = await listActivity(site.services.db, {
      action: "login",
      admin: testAdmin.email,
    });
    expect(logins.entries.length).toBeGreaterThan(0);

    const screen = await fetch(`${site.url}/admin/activity?action=export`, {
      headers: { cookie: await logInCookie(site) },
    });
    const html = await screen.text();
    expect(html).toContain("newsletter subscribers (CSV)");
    expect(html).not.toContain("Sign-in failed</span>");
  });

  it("adds an admin who can sign in; removes one who then cannot; never removes the last", async () => {
    const add = await postForm(
      site,
      "/admin/admins",
      {
        intent: "add",
        email: "Helper@Example.com",
        passwordMode: "type",
        password: "a helper's password",
        passwordAgain: "a helper's password",
      },
      cookie,
    );
    expect(add.status).toBe(200);
    const helper = { email: "helper@example.com", password: "a helper's password" };
    const helperLogin = await logIn(site, helper);
    expect(helperLogin.status).toBe(200);
    const helperCookie = readSetCookie(helperLogin) ?? "";

    const mismatch = await postForm(
      site,
      "/admin/admins",
      {
        intent: "add",
        email: "x@example.com",
        passwordMode: "type",
        password: "twelve chars long",
        passwordAgain: "another one here",
      },
      cookie,
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords differ");

    const remove = await postForm(
      site,
      "/admin/admins",
      { intent: "delete", email: helper.email },
      cookie,
    );
    expect(remove.status).toBe(200);
    expect(await isSignedIn(site, helperCookie)).toBe(false);
    expect((await logIn(site, helper)).status).toBe(401);

    // Alone again: the last admin stays.
    expect((await listAdmins(site.services.db)).map((admin) => admin.email)).toEqual([
      testAdmin.email,
    ]);
    const last = await postForm(
      site,
      "/admin/admins",
      { intent: "delete", email: testAdmin.email },
      cookie,
    );
    expect(last.status).toBe(409);
    expect(await last.text()).toContain("This is the only admin account");
    expect(await deleteAdmin(site.services.db, testAdmin.email)).toBe("last-admin");
    expect(await runAdminCommand(site.services.db, ["delete", testAdmin.email], () => {})).toBe(1);
    expect(await isSignedIn(site, cookie)).toBe(true);

    const { entries } = await listActivity(site.services.db, { admin: testAdmin.email });
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["admin-create", "admin-delete"]),
    );
  });

  it("a password change needs the current password and ends the admin's other sessions", async () => {
    const other = await logInCookie(site);
    const wrong = await postForm(
      site,
      "/admin/account",
      {
        intent: "password",
        currentPassword: "not my password",
        newPassword: "a brand new password",
        newPasswordAgain: "a brand new password",
      },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await isSignedIn(site, other)).toBe(true);

    const changed = await postForm(
      site,
      "/admin/account",
      {
        intent: "password",
        currentPassword: testAdmin.password,
        newPassword: "a brand new password",
        newPasswordAgain: "a brand new password",
      },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(await isSignedIn(site, cookie)).toBe(true);
    expect(await isSignedIn(site, other)).toBe(false);
    expect(
      (await logIn(site, { email: testAdmin.email, password: "a brand new password" })).status,
    ).toBe(200);

    // The command line's reset ends every session, and puts the test password back.
    const lines: string[] = [];
    expect(
      await runAdminCommand(
        site.services.db,
        ["reset-password", testAdmin.email, "--password", testAdmin.password],
        (line) => lines.push(line),
      ),
    ).toBe(0);
    expect(lines.join("\n")).toContain("their sessions have ended");
    expect(await isSignedIn(site, cookie)).toBe(false);
  });

  it("signs an admin out everywhere, from the screen and from the command line", async () => {
    await createAdmin(site.services.db, {
      email: "second@example.com",
      password: "the second password",
    });
    const second =
      readSetCookie(
        await logIn(site, { email: "second@example.com", password: "the second password" }),
      ) ?? "";
    expect(await isSignedIn(site, second)).toBe(true);
    const revoke = await postForm(
      site,
      "/admin/admins",
      { intent: "revoke", email: "second@example.com" },
      cookie,
    );
    expect(revoke.status).toBe(200);
    expect(await isSignedIn(site, second)).toBe(false);

    const again =
      readSetCookie(
        await logIn(site, { email: "second@example.com", password: "the second password" }),
      ) ?? "";
    const lines: string[] = [];
    expect(
      await runAdminCommand(site.services.db, ["revoke-sessions", "second@example.com"], (line) =>
        lines.push(line),
      ),
    ).toBe(0);
    expect(lines).toEqual(["1 session(s) of second@example.com ended."]);
    expect(await isSignedIn(site, again)).toBe(false);
    expect(
      await runAdminCommand(site.services.db, ["delete", "second@example.com"], () => {}),
    ).toBe(0);
    expect(
      await runAdminCommand(site.services.db, ["revoke-sessions", "nobody@example.com"], () => {}),
    ).toBe(1);
  });

  it("answers the admin API's method, origin and session checks the same way", async () => {
    const wrongMethod = await fetch(`${site.url}/api/admin/images`, {
      method: "PUT",
      headers: { origin: site.url, cookie },
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    const crossSite = await postJsonAs(
      site,
      "/api/content",
      { content: {} },
      { cookie, origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const signedOut = await fetch(`${site.url}/api/admin/images`, {
      method: "POST",
      headers: { origin: site.url },
    });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });
});

describe.each(getTestDatabaseKinds())("the admin gate without its database on $name", (kind) => {
  it("answers 503, never 500, on screens and the admin API", async () => {
    const site = await startTestSite(await kind.create());
    const cookie = await logInCookie(site);
    // The sessions table is gone: every session check fails as a database error would.
    await site.services.db.schema.dropTable("admin_sessions").execute();
    try {
      const screen = await fetch(`${site.url}/admin/history`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(screen.status).toBe(503);
      expect(screen.headers.get("cache-control")).toBe("no-store");
      // React Router shows a middleware's error with the root's error screen.
      expect(await screen.text()).toContain("Please try again in a moment.");
      const api = await fetch(`${site.url}/api/admin/images`, {
        method: "POST",
        headers: { origin: site.url, cookie },
      });
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("5");
    } finally {
      await site.close();
    }
  });
});

describe.each(getTestDatabaseKinds())("what History and the activity log keep on $name", (kind) => {
  const day = 24 * 60 * 60 * 1000;

  it("keeps every revision of the last 90 days and at least the last 50", async () => {
    const database = await kind.create();
    const db = await openDatabase(database.url);
    try {
      await seedDefaults(db);
      const old = new Date(Date.now() - 200 * day).toISOString();
      const recent = new Date(Date.now() - 10 * day).toISOString();
      const document = JSON.stringify(defaultContent);
      // 60 revisions older than 90 days, then 5 recent ones.
      for (let index = 0; index < 60; index++) {
        await db
          .insertInto("content_revisions")
          .values({ document, created_at: old, author: "a@example.com" })
          .execute();
      }
      for (let index = 0; index < 5; index++) {
        await db
          .insertInto("content_revisions")
          .values({ document, created_at: recent, author: "a@example.com" })
          .execute();
      }
      await saveContent(
        db,
        { footer: { ...defaultContent.footer, copyright: "Kept" } },
        { author: "a@example.com" },
      );
      const rows = await db
        .selectFrom("content_revisions")
        .select(["id", "created_at"])
        .orderBy("id", "desc")
        .execute();
      // The newest 50 stay, and the seeded first revision, which is recent; the other revisions
      // older than 90 days go.
      expect(rows).toHaveLength(51);
      expect(rows.at(-1)?.id).toBe(1);
      expect(rows.filter((row) => row.created_at === recent)).toHaveLength(5);

      // Past 50 revisions, those of the last 90 days all stay.
      for (let index = 0; index < 60; index++) {
        await saveContent(db, {
          footer: { ...defaultContent.footer, copyright: `Recent ${index}` },
        });
      }
      const after = await db.selectFrom("content_revisions").select("created_at").execute();
      expect(after.filter((row) => row.created_at === old)).toHaveLength(0);
      expect(after.length).toBe(1 + 5 + 1 + 60);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it("keeps activity for 365 days", async () => {
    const database = await kind.create();
    const db = await openDatabase(database.url);
    try {
      const address = "192.0.2.1";
      await recordActivity(
        db,
        { action: "login", actor: { adminId: null, email: null, address } },
        new Date(Date.now() - 400 * day),
      );
      await recordActivity(
        db,
        { action: "logout", actor: { adminId: null, email: null, address } },
        new Date(Date.now() - 300 * day),
      );
      await pruneActivity(db);
      const { entries } = await listActivity(db, {});
      expect(entries.map((entry) => entry.action)).toEqual(["logout"]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
