// Roles and devices (issue 20, part A) against the built site on SQLite and PostgreSQL: every admin
// endpoint of app/routes.ts (pages with their posts, downloads, the JSON API) asked by an owner,
// an editor and nobody, from one table; the last owner is never removed or demoted; the menu shows
// what a role may use and names it; the devices list, ending one or all others, a password change
// ending the others, and an ended session's cookie refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdmin, setAdminRole } from "~/features/admin/admins/admins.server";
import { logIn, readSetCookie, resetLoginThrottles } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const editor = { email: "editor@example.com", password: "an editor's password" };
const secondOwner = { email: "second-owner@example.com", password: "a second owner's password" };

type Who = "owner" | "editor" | "signed out";
type Expected = Record<Who, number>;

/** Statuses: a page answers a signed-out visitor with the login page (302), the API with 401. */
const page = (owner: number, editorStatus = owner): Expected => ({
  owner,
  editor: editorStatus,
  "signed out": 302,
});
const ownersPage = (owner: number): Expected => page(owner, 403);
const api = (owner: number, editorStatus = owner): Expected => ({
  owner,
  editor: editorStatus,
  "signed out": 401,
});

type Endpoint = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** A form post's fields, or a JSON body. */
  form?: Record<string, string>;
  json?: unknown;
  expected: Expected;
};

/**
 * Every admin endpoint by route (app/routes.ts), each post with a request the feature refuses or
 * that changes nothing (an unknown id, an empty body), so the table can run in any order: an
 * editor's 403 comes before anything is read, an owner's answer shows the route was reached.
 */
const endpoints: Endpoint[] = [
  // The spec's editor: the page answers everyone, and checks the session in the browser.
  { method: "GET", path: "/edit", expected: { owner: 200, editor: 200, "signed out": 200 } },
  { method: "GET", path: "/admin", expected: { owner: 200, editor: 200, "signed out": 200 } },
  {
    method: "GET",
    path: "/working-editor",
    expected: { owner: 200, editor: 200, "signed out": 200 },
  },
  { method: "GET", path: "/content", expected: page(200) },
  { method: "GET", path: "/images", expected: page(200) },
  // Leads: an editor reads and sorts; deleting, erasing, export and the mail test are an owner's.
  { method: "GET", path: "/admin/leads", expected: page(200) },
  {
    method: "POST",
    path: "/admin/leads",
    form: { intent: "handled", id: "999999" },
    expected: page(404),
  },
  {
    method: "POST",
    path: "/admin/leads",
    form: { intent: "delete", id: "999999", confirmed: "yes" },
    expected: page(404, 403),
  },
  {
    method: "POST",
    path: "/admin/leads",
    form: { intent: "erase", email: "nobody@example.com", confirmed: "yes" },
    expected: page(404, 403),
  },
  {
    method: "POST",
    path: "/admin/leads",
    form: { intent: "test-email" },
    expected: page(409, 403),
  },
  { method: "GET", path: "/admin/leads/subscribers.csv", expected: ownersPage(200) },
  {
    method: "GET",
    path: "/admin/leads/contacts/export.json?email=nobody@example.com",
    expected: ownersPage(200),
  },
  // The newsletter: an owner's, pages, posts and downloads.
  { method: "GET", path: "/admin/newsletter", expected: ownersPage(200) },
  {
    method: "POST",
    path: "/admin/newsletter",
    form: { intent: "unknown" },
    expected: ownersPage(400),
  },
  { method: "GET", path: "/admin/newsletter/999999", expected: ownersPage(404) },
  {
    method: "POST",
    path: "/admin/newsletter/999999",
    form: { intent: "save" },
    expected: ownersPage(400),
  },
  {
    method: "GET",
    path: "/admin/newsletter/subscribers/999999/data.json",
    expected: ownersPage(404),
  },
  {
    method: "GET",
    path: "/admin/newsletter/subscribers/999999/topics",
    expected: ownersPage(404),
  },
  {
    method: "POST",
    path: "/admin/newsletter/subscribers/999999/topics",
    form: { topic: "news" },
    expected: ownersPage(404),
  },
  {
    method: "POST",
    path: "/admin/newsletter/999999/audience",
    form: { audience: "everyone" },
    expected: ownersPage(409),
  },
  // History: every admin's.
  { method: "GET", path: "/admin/history", expected: page(200) },
  { method: "GET", path: "/admin/history/article/no-such-article", expected: page(404) },
  {
    method: "POST",
    path: "/admin/history/article/no-such-article",
    form: {},
    expected: page(404),
  },
  // Owners' screens: activity, admins, settings.
  { method: "GET", path: "/admin/activity", expected: ownersPage(200) },
  { method: "GET", path: "/admin/admins", expected: ownersPage(200) },
  {
    method: "POST",
    path: "/admin/admins",
    form: { intent: "role", email: "nobody@example.com", role: "owner" },
    expected: ownersPage(404),
  },
  { method: "GET", path: "/admin/settings", expected: ownersPage(200) },
  { method: "POST", path: "/admin/settings", form: {}, expected: ownersPage(400) },
  // Redirects: the screen, removing an automatic redirect, the rules' CSV.
  { method: "GET", path: "/admin/redirects", expected: ownersPage(200) },
  {
    method: "POST",
    path: "/admin/redirects?intent=delete-automatic",
    form: {},
    expected: ownersPage(400),
  },
  { method: "GET", path: "/admin/redirects/export.csv", expected: ownersPage(200) },
  // Your account: every admin's.
  { method: "GET", path: "/admin/account", expected: page(200) },
  { method: "POST", path: "/admin/account", form: { intent: "unknown" }, expected: page(400) },
  // Two-factor (part B): each admin's own Security screen and passkeys; the owner's requirement
  { method: "GET", path: "/admin/security", expected: page(200) },
  { method: "POST", path: "/admin/security", form: { intent: "unknown" }, expected: page(400) },
  { method: "POST", path: "/api/admin/security/passkeys", json: {}, expected: api(400) },
  { method: "POST", path: "/admin/settings?two-factor", form: {}, expected: ownersPage(400) },
  // Publishing: every admin's.
  { method: "GET", path: "/admin/articles", expected: page(200) },
  { method: "GET", path: "/admin/articles/new", expected: page(200) },
  { method: "GET", path: "/admin/case-studies", expected: page(200) },
  // The JSON API.
  {
    method: "GET",
    path: "/api/admin/session",
    expected: { owner: 200, editor: 200, "signed out": 200 },
  },
  { method: "POST", path: "/api/content", json: {}, expected: api(400) },
  { method: "GET", path: "/api/admin/images", expected: api(200) },
  { method: "POST", path: "/api/admin/images", expected: api(415) },
  { method: "DELETE", path: "/api/admin/images/no-such-image.jpg", expected: api(404) },
  { method: "GET", path: "/api/admin/link-targets?q=about", expected: api(200) },
  { method: "GET", path: "/api/admin/articles", expected: api(200) },
  { method: "POST", path: "/api/admin/articles", json: {}, expected: api(400) },
  { method: "GET", path: "/api/admin/case-studies/no-such-study", expected: api(404) },
  { method: "PUT", path: "/api/admin/articles/no-such-article", json: {}, expected: api(400) },
  {
    method: "POST",
    path: "/api/admin/articles/no-such-article/restore",
    json: {},
    expected: api(400),
  },
];

function send(site: TestSite, endpoint: Endpoint, cookie: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { origin: site.url };
  if (cookie) headers.cookie = cookie;
  let body: string | URLSearchParams | undefined;
  if (endpoint.form) body = new URLSearchParams(endpoint.form);
  if (endpoint.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(endpoint.json);
  }
  return fetch(`${site.url}${endpoint.path}`, {
    method: endpoint.method,
    headers,
    body,
    redirect: "manual",
  });
}

async function signIn(
  site: TestSite,
  credentials: { email: string; password: string },
  userAgent?: string,
) {
  const response = await fetch(`${site.url}/api/admin/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: site.url,
      ...(userAgent ? { "user-agent": userAgent } : {}),
    },
    body: JSON.stringify(credentials),
  });
  const cookie = readSetCookie(response);
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in failed: ${response.status}`);
  return cookie;
}

function postForm(site: TestSite, path: string, form: Record<string, string>, cookie: string) {
  return send(site, { method: "POST", path, form, expected: page(200) }, cookie);
}

async function isSignedIn(site: TestSite, cookie: string): Promise<boolean> {
  const response = await fetch(`${site.url}/api/admin/session`, { headers: { cookie } });
  return ((await response.json()) as { isAuthenticated: boolean }).isAuthenticated;
}

const windowsChrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const iphoneSafari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe.each(getTestDatabaseKinds())("roles and devices on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
    await createAdmin(site.services.db, { ...editor, role: "editor" });
  });

  afterAll(async () => {
    await site?.close();
  });

  /** The account screen's posts: sign out one device by its key; change one's own password. */
  const endDevice = (key: string, cookie: string) =>
    postForm(site, "/admin/account", { intent: "end-session", key }, cookie);
  const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
    postForm(
      site,
      "/admin/account",
      { intent: "password", currentPassword, newPassword, newPasswordAgain: newPassword },
      cookie,
    );

  beforeEach(async () => {
    await resetLoginThrottles(site);
  });

  it("answers every admin endpoint by role: owner, editor, signed out", async () => {
    const cookies: Record<Who, string | undefined> = {
      owner: await signIn(site, testAdmin),
      editor: await signIn(site, editor),
      "signed out": undefined,
    };
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      for (const who of ["owner", "editor", "signed out"] as const) {
        const response = await send(site, endpoint, cookies[who]);
        await response.body?.cancel();
        if (response.status !== endpoint.expected[who]) {
          failures.push(
            `${endpoint.method} ${endpoint.path} as ${who}: ${response.status}, expected ${endpoint.expected[who]}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("tells an editor plainly, as a page or as the API's JSON error", async () => {
    const cookie = await signIn(site, editor);
    const screen = await fetch(`${site.url}/admin/admins`, { headers: { cookie } });
    expect(screen.status).toBe(403);
    expect(screen.headers.get("cache-control")).toBe("no-store");
    expect(await screen.text()).toMatch(/<h1[^>]*>Only an owner can open this screen<\/h1>/);
    const deletion = await postForm(
      site,
      "/admin/leads",
      { intent: "delete", id: "1", confirmed: "yes" },
      cookie,
    );
    expect(await deletion.text()).toContain("Only an owner can do this");
  });

  it("shows each role the menu it may use, and names the role", async () => {
    const ownerHtml = await (
      await fetch(`${site.url}/admin/history`, {
        headers: { cookie: await signIn(site, testAdmin) },
      })
    ).text();
    const editorHtml = await (
      await fetch(`${site.url}/admin/history`, { headers: { cookie: await signIn(site, editor) } })
    ).text();
    expect(ownerHtml).toContain(`${testAdmin.email}</span><span class="text-slate-300"> (`);
    expect(ownerHtml).toMatch(/\(<!-- -->Owner<!-- -->\)|\(Owner\)/);
    expect(editorHtml).toMatch(/\(<!-- -->Editor<!-- -->\)|\(Editor\)/);
    const everyone = ["Content", "More content", "Articles", "Images", "Leads", "History"];
    const ownersOnly = ["Newsletter", "Activity", "Admins", "Settings"];
    for (const label of [...everyone, "Your account"]) {
      expect(ownerHtml, label).toContain(`>${label}</a>`);
      expect(editorHtml, label).toContain(`>${label}</a>`);
    }
    for (const label of ownersOnly) {
      expect(ownerHtml, label).toContain(`>${label}</a>`);
      expect(editorHtml, label).not.toContain(`>${label}</a>`);
    }
  });

  it("lets an owner add an admin with a role and change roles, never leaving no owner", async () => {
    const owner = await signIn(site, testAdmin);
    const added = await postForm(
      site,
      "/admin/admins",
      {
        intent: "add",
        email: secondOwner.email,
        role: "owner",
        passwordMode: "type",
        password: secondOwner.password,
        passwordAgain: secondOwner.password,
      },
      owner,
    );
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("can now sign in as an owner");
    const admins = await (
      await fetch(`${site.url}/admin/admins`, { headers: { cookie: owner } })
    ).text();
    expect(admins).toContain(secondOwner.email);

    // Two owners: one may become an editor; then the last owner can be neither demoted nor removed.
    const demoted = await postForm(
      site,
      "/admin/admins",
      { intent: "role", email: secondOwner.email, role: "editor" },
      owner,
    );
    expect(demoted.status).toBe(200);
    expect(await demoted.text()).toContain(`${secondOwner.email} is now an editor.`);
    const demoteLast = await postForm(
      site,
      "/admin/admins",
      { intent: "role", email: testAdmin.email, role: "editor" },
      owner,
    );
    expect(demoteLast.status).toBe(409);
    expect(await demoteLast.text()).toContain("This is the only owner");
    const removeLast = await postForm(
      site,
      "/admin/admins",
      { intent: "delete", email: testAdmin.email },
      owner,
    );
    expect(removeLast.status).toBe(409);
    expect(await removeLast.text()).toContain("This is the only owner");
    const roles = await site.services.db
      .selectFrom("admins")
      .select(["email", "role"])
      .orderBy("email")
      .execute();
    expect(roles).toEqual([
      { email: editor.email, role: "editor" },
      { email: testAdmin.email, role: "owner" },
      { email: secondOwner.email, role: "editor" },
    ]);
    expect(await isSignedIn(site, owner)).toBe(true);

    // An editor made an owner opens the owners' screens at their next request.
    const promotedCookie = await signIn(site, secondOwner);
    expect(
      (await fetch(`${site.url}/admin/admins`, { headers: { cookie: promotedCookie } })).status,
    ).toBe(403);
    expect(await setAdminRole(site.services.db, secondOwner.email, "owner")).toBe("changed");
    expect(
      (await fetch(`${site.url}/admin/admins`, { headers: { cookie: promotedCookie } })).status,
    ).toBe(200);
    // An owner who makes themselves an editor leaves for their account screen.
    const selfDemoted = await postForm(
      site,
      "/admin/admins",
      { intent: "role", email: secondOwner.email, role: "editor" },
      promotedCookie,
    );
    expect(selfDemoted.status).toBe(302);
    expect(selfDemoted.headers.get("location")).toBe("/admin/account");
    const activity = await site.services.db
      .selectFrom("admin_activity")
      .select(["action", "target"])
      .where("action", "=", "admin-role")
      .execute();
    expect(activity).toHaveLength(3);
    const removed = await postForm(
      site,
      "/admin/admins",
      { intent: "delete", email: secondOwner.email },
      owner,
    );
    expect(removed.status).toBe(200);
    expect(await isSignedIn(site, promotedCookie)).toBe(false);
  });

  it("lists an admin's devices, ends one or every other, and refuses an ended session's cookie", async () => {
    await site.services.db.deleteFrom("admin_sessions").execute();
    const laptop = await signIn(site, editor, windowsChrome);
    const phone = await signIn(site, editor, iphoneSafari);
    const third = await signIn(site, editor, "curl/8.5.0");

    const screen = await fetch(`${site.url}/admin/account`, { headers: { cookie: laptop } });
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain("Chrome on Windows");
    expect(html).toContain("Safari on iPhone");
    expect(html).toContain("127.0.0.1");
    expect(html).toContain("This device");
    expect(html).toMatch(/Last seen/);

    // The phone's key, from the database as the screen lists it.
    const phoneRow = await site.services.db
      .selectFrom("admin_sessions")
      .select(["id_hash", "user_agent", "address"])
      .where("user_agent", "=", iphoneSafari)
      .executeTakeFirstOrThrow();
    expect(phoneRow.address).toBe("127.0.0.1");
    expect(html).toContain(phoneRow.id_hash);
    const endOne = await endDevice(phoneRow.id_hash, laptop);
    expect(endOne.status).toBe(200);
    expect(await endOne.text()).toContain("That device was signed out.");
    expect(await isSignedIn(site, phone)).toBe(false);
    const refusedPage = await fetch(`${site.url}/admin/history`, {
      headers: { cookie: phone },
      redirect: "manual",
    });
    expect(refusedPage.status).toBe(302);
    expect(refusedPage.headers.get("location")).toBe("/admin/login");
    const refusedApi = await fetch(`${site.url}/api/admin/images`, { headers: { cookie: phone } });
    expect(refusedApi.status).toBe(401);
    expect(await isSignedIn(site, third)).toBe(true);

    // Another admin's session is not theirs to end.
    const ownerSession = await signIn(site, testAdmin);
    const ownerRow = await site.services.db
      .selectFrom("admin_sessions")
      .innerJoin("admins", "admins.id", "admin_sessions.admin_id")
      .select("id_hash")
      .where("admins.email", "=", testAdmin.email)
      .executeTakeFirstOrThrow();
    const foreign = await endDevice(ownerRow.id_hash, laptop);
    expect(foreign.status).toBe(404);
    expect(await isSignedIn(site, ownerSession)).toBe(true);

    const endOthers = await postForm(site, "/admin/account", { intent: "end-others" }, laptop);
    expect(endOthers.status).toBe(200);
    expect(await endOthers.text()).toContain("Signed out 1 device.");
    expect(await isSignedIn(site, third)).toBe(false);
    expect(await isSignedIn(site, laptop)).toBe(true);
    expect(await isSignedIn(site, ownerSession)).toBe(true);

    // Signing out this very device ends it and goes to the login page.
    const laptopRow = await site.services.db
      .selectFrom("admin_sessions")
      .select("id_hash")
      .where("user_agent", "=", windowsChrome)
      .executeTakeFirstOrThrow();
    const own = await endDevice(laptopRow.id_hash, laptop);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/admin/login");
    expect(await isSignedIn(site, laptop)).toBe(false);
  });

  it("ends every other session when an admin changes their password on the account screen", async () => {
    const one = await signIn(site, editor);
    const two = await signIn(site, editor);
    const newPassword = "an editor's new password";
    const changed = await changePassword(one, editor.password, newPassword);
    expect(changed.status).toBe(200);
    expect(await isSignedIn(site, one)).toBe(true);
    expect(await isSignedIn(site, two)).toBe(false);
    expect((await logIn(site, { email: editor.email, password: newPassword })).status).toBe(200);
    const back = await changePassword(one, newPassword, editor.password);
    expect(back.status).toBe(200);
  });
});
