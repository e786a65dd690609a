// Two-factor sign-in (issue 20) over HTTP against the built site and a real database: set-up on
// the Security screen, the login API's second-step answer and its completion, wrong codes counted
// into the lockout, a code and a recovery code each taken once, the pending sign-in's expiry, and
// the owner's "require two-factor" setting.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "~/features/admin/admins/admin-cli.server";
import { createAdmin } from "~/features/admin/admins/admins.server";
import { loginIpRule, loginLockout } from "~/features/admin/login/login.server";
import {
  logIn,
  logInCookie,
  postJsonAs,
  readSetCookie,
  resetLoginThrottles,
} from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { postForm } from "../support/newsletter";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";
import { computeTotp, enableTotp } from "../support/two-factor";

type SecondStep = {
  isAuthenticated: false;
  admin: null;
  twoFactorRequired: true;
  pendingToken: string;
  methods: string[];
};

function getSession(site: TestSite, cookie: string) {
  return fetch(`${site.url}/api/admin/session`, { headers: { cookie } });
}

function completeStep(site: TestSite, body: Record<string, unknown>) {
  return postJsonAs(site, "/api/admin/login/second-factor", body);
}

async function startSignIn(site: TestSite, credentials = testAdmin): Promise<SecondStep> {
  const response = await logIn(site, credentials);
  expect(response.status).toBe(200);
  expect(readSetCookie(response)).toBeUndefined();
  return (await response.json()) as SecondStep;
}

describe.each(getTestDatabaseKinds())("two-factor sign-in on $name", (kind) => {
  let site: TestSite;
  let secret: string;
  let recoveryCodes: string[];
  /** A session opened before two-factor was turned on, which the change must end. */
  let otherCookie: string;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
    otherCookie = await logInCookie(site);
    const cookie = await logInCookie(site);
    ({ secret, recoveryCodes } = await enableTotp(site, cookie));
  });

  afterAll(async () => {
    await site?.close();
  });

  beforeEach(async () => {
    await resetLoginThrottles(site);
    // Each test starts with no step used, so a code of the current step is new again.
    await site.services.db.updateTable("admin_totp").set({ last_used_step: null }).execute();
  });

  it("turning TOTP on shows 10 recovery codes once and ends the admin's other sessions", async () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await (await getSession(site, otherCookie)).json()).toMatchObject({
      isAuthenticated: false,
    });
    const page = await (
      await fetch(`${site.url}/admin/security`, {
        headers: { cookie: await signInWithCode(site, secret) },
      })
    ).text();
    expect(page).toMatch(/Two-factor sign-in is (<!-- -->)?on/);
    // The key is never shown again once set up.
    expect(page).not.toContain(`${secret.slice(0, 4)} ${secret.slice(4, 8)}`);
    const stored = await site.services.db
      .selectFrom("admin_recovery_codes")
      .select("code_hash")
      .execute();
    // Stored as hashes only: the database never holds a code that would sign in.
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the password with the documented second step instead of a session", async () => {
    const step = await startSignIn(site);
    expect(step).toEqual({
      isAuthenticated: false,
      admin: null,
      twoFactorRequired: true,
      pendingToken: expect.stringMatching(/^[\w-]{43}$/),
      methods: ["totp", "recovery"],
    });
    // The token is no session.
    expect(await (await getSession(site, `session=${step.pendingToken}`)).json()).toMatchObject({
      isAuthenticated: false,
    });
  });

  it("signs in with the password and a code, and takes that code only once", async () => {
    const code = computeTotp(secret);
    const first = await completeStep(site, {
      pendingToken: (await startSignIn(site)).pendingToken,
      method: "totp",
      code,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      isAuthenticated: true,
      admin: { email: testAdmin.email },
    });
    const cookie = readSetCookie(first) ?? "";
    expect(await (await getSession(site, cookie)).json()).toMatchObject({ isAuthenticated: true });

    const replay = await completeStep(site, {
      pendingToken: (await startSignIn(site)).pendingToken,
      method: "totp",
      code,
    });
    expect(replay.status).toBe(401);
    expect(readSetCookie(replay)).toBeUndefined();
  });

  it("counts wrong codes into the login lockout, which then refuses even the right code", async () => {
    const { pendingToken } = await startSignIn(site);
    for (let attempt = 1; attempt < loginLockout.maxFailures; attempt++) {
      const wrong = await completeStep(site, { pendingToken, method: "totp", code: "000000" });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ message: "That code is not right. Please try again." });
    }
    const locked = await completeStep(site, { pendingToken, method: "totp", code: "000000" });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe(String(loginLockout.lockMs / 1000));
    const failures = await site.services.db
      .selectFrom("admin_activity")
      .select("detail")
      .where("action", "in", ["login-failed", "login-locked"])
      .where("detail", "like", "%second-factor%")
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(loginLockout.maxFailures);
    // Locked: the password is refused too, and the old pending sign-in is gone.
    expect((await logIn(site)).status).toBe(429);
    const after = await completeStep(site, {
      pendingToken,
      method: "totp",
      code: computeTotp(secret),
    });
    expect(after.status).toBe(401);
  });

  it("does not reset the count of wrong codes by entering the password again", async () => {
    for (let attempt = 1; attempt < loginLockout.maxFailures; attempt++) {
      const { pendingToken } = await startSignIn(site);
      expect(
        (await completeStep(site, { pendingToken, method: "totp", code: "111111" })).status,
      ).toBe(401);
    }
    const { pendingToken } = await startSignIn(site);
    expect(
      (await completeStep(site, { pendingToken, method: "totp", code: "111111" })).status,
    ).toBe(429);
  });

  it("takes a recovery code once, with or without its dash and in any case", async () => {
    const [code] = recoveryCodes;
    const typed = (code ?? "").replace("-", "").toUpperCase();
    const first = await completeStep(site, {
      pendingToken: (await startSignIn(site)).pendingToken,
      method: "recovery",
      code: typed,
    });
    expect(first.status).toBe(200);
    const again = await completeStep(site, {
      pendingToken: (await startSignIn(site)).pendingToken,
      method: "recovery",
      code,
    });
    expect(again.status).toBe(401);
    const left = await site.services.db
      .selectFrom("admin_recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(left.count)).toBe(9);
  });

  it("refuses a pending sign-in after 5 minutes, and one already used", async () => {
    const { pendingToken } = await startSignIn(site);
    await site.services.db
      .updateTable("admin_pending_sign_ins")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await completeStep(site, {
      pendingToken,
      method: "totp",
      code: computeTotp(secret),
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      message: "Your sign-in has expired. Please sign in again.",
    });

    const fresh = (await startSignIn(site)).pendingToken;
    expect(
      (await completeStep(site, { pendingToken: fresh, method: "totp", code: computeTotp(secret) }))
        .status,
    ).toBe(200);
    await site.services.db.updateTable("admin_totp").set({ last_used_step: null }).execute();
    const reused = await completeStep(site, {
      pendingToken: fresh,
      method: "totp",
      code: computeTotp(secret, 1),
    });
    expect(reused.status).toBe(401);
  });

  it("validates the second step's input, and refuses a forged passkey answer", async () => {
    const { pendingToken } = await startSignIn(site);
    const malformed = await completeStep(site, { pendingToken, method: "totp", code: "abc" });
    expect(malformed.status).toBe(400);
    const options = await postJsonAs(site, "/api/admin/login/passkey-options", { pendingToken });
    expect(options.status).toBe(200);
    const challenge = (await options.json()) as { options: { challenge: string; rpId: string } };
    expect(challenge.options.rpId).toBe("localhost");
    const forged = await completeStep(site, {
      pendingToken,
      method: "passkey",
      response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON: "e30" },
        clientExtensionResults: {},
      },
    });
    expect(forged.status).toBe(401);
  });

  it("asks for the password again before a signed-in admin adds a passkey", async () => {
    const cookie = await signInWithCode(site, secret);
    const wrong = await postJsonAs(
      site,
      "/api/admin/security/passkeys",
      { intent: "options", password: "not the password" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "Your password is not right." });
    const right = await postJsonAs(
      site,
      "/api/admin/security/passkeys",
      { intent: "options", password: testAdmin.password },
      { cookie },
    );
    expect(right.status).toBe(200);
    const { options } = (await right.json()) as {
      options: { rp: { id: string }; authenticatorSelection: { residentKey: string } };
    };
    expect(options.rp.id).toBe("localhost");
    expect(options.authenticatorSelection.residentKey).toBe("required");
  });

  it("limits the passkey challenges one network may ask for, as it limits sign-ins", async () => {
    for (let attempt = 0; attempt < loginIpRule.limit; attempt++) {
      const options = await postJsonAs(site, "/api/admin/login/passkey-options", {});
      expect(options.status).toBe(200);
    }
    const refused = await postJsonAs(site, "/api/admin/login/passkey-options", {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("shows the second step on the login page without JavaScript and finishes there", async () => {
    const first = await fetch(`${site.url}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams(testAdmin),
      redirect: "manual",
    });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Authentication code");
    const pendingToken = /name="pendingToken" value="([\w-]{43})"/.exec(html)?.[1] ?? "";
    const second = await fetch(`${site.url}/admin/login?second-factor`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ pendingToken, method: "totp", code: computeTotp(secret) }),
      redirect: "manual",
    });
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe("/working-editor");
    expect(readSetCookie(second)).toBeDefined();
  });

  it("sends an admin without two-factor to Security first while the site requires it", async () => {
    const editor = { email: "editor@example.com", password: "another long password" };
    await createAdmin(site.services.db, editor);
    const ownerCookie = await signInWithCode(site, secret);
    const turnedOn = await postForm(site.url, "/admin/settings?two-factor", ownerCookie, {
      requireTwoFactor: "on",
    });
    expect(turnedOn.status).toBe(200);

    // The owner has two-factor: every screen opens.
    expect(
      (
        await fetch(`${site.url}/admin/leads`, {
          headers: { cookie: ownerCookie },
          redirect: "manual",
        })
      ).status,
    ).toBe(200);
    // The new admin signs in with a password alone, and is taken to set it up.
    const response = await logIn(site, editor);
    const cookie = readSetCookie(response) ?? "";
    const leads = await fetch(`${site.url}/admin/leads`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(leads.status).toBe(302);
    expect(leads.headers.get("location")).toBe("/admin/security?required");
    const security = await fetch(`${site.url}/admin/security?required`, { headers: { cookie } });
    expect(security.status).toBe(200);
    expect(await security.text()).toContain("Two-factor is required");
    // The admin API is closed to them too, all but what setting it up takes (adding a passkey).
    const images = await fetch(`${site.url}/api/admin/images`, { headers: { cookie } });
    expect(images.status).toBe(403);
    expect(await images.json()).toMatchObject({
      message: "This site requires two-factor sign-in: set it up on your Security screen first.",
    });
    const passkeyOptions = await postJsonAs(
      site,
      "/api/admin/security/passkeys",
      { intent: "options", password: editor.password },
      { cookie },
    );
    expect(passkeyOptions.status).toBe(200);

    // Once it is set up, the other screens open.
    await enableTotp(site, cookie);
    expect(
      (await fetch(`${site.url}/admin/leads`, { headers: { cookie }, redirect: "manual" })).status,
    ).toBe(200);
    expect((await fetch(`${site.url}/api/admin/images`, { headers: { cookie } })).status).toBe(200);
    await postForm(site.url, "/admin/settings?two-factor", ownerCookie, {
      requireTwoFactor: "off",
    });
  });

  // Last: it removes the owner's two-factor.
  it("lets an operator remove a locked-out admin's two-factor from the command line", async () => {
    const lines: string[] = [];
    const db = site.services.db;
    const code = await runAdminCommand(db, ["reset-two-factor", testAdmin.email], (line) => {
      lines.push(line);
    });
    expect(code).toBe(0);
    expect(lines).toEqual([`Two-factor of ${testAdmin.email} removed; their sessions have ended.`]);
    const response = await logIn(site);
    expect(await response.json()).toEqual({
      isAuthenticated: true,
      admin: { email: testAdmin.email },
    });
  });
});

/** Signs the test admin in with password and a code; answers the session cookie. */
async function signInWithCode(site: TestSite, secret: string): Promise<string> {
  await site.services.db.updateTable("admin_totp").set({ last_used_step: null }).execute();
  const step = (await (await logIn(site)).json()) as SecondStep;
  const response = await completeStep(site, {
    pendingToken: step.pendingToken,
    method: "totp",
    code: computeTotp(secret),
  });
  const cookie = readSetCookie(response);
  if (!cookie) throw new Error(`Second step failed: ${response.status}`);
  return cookie;
}
