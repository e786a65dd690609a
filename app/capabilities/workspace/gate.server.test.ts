// The admin JSON endpoints' role option: an endpoint that needs an owner answers an editor 403 in
// the API's error shape, before its handler runs; every admin may use one that names no role.
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminRole } from "~/platform/admin-roles";
import { type AppContext, appContext } from "~/platform/context.server";
import { provideRequestData } from "~/platform/request-data.server";
import { handleAdminApi } from "./gate.server";

const site = "http://localhost:3000";

/** Calls a GET endpoint as a signed-in admin with that role (the session the HTTP layer read). */
async function callAs(role: AdminRole, needs: AdminRole | undefined) {
  const request = new Request(`${site}/api/admin/example`);
  const context = new RouterContextProvider();
  context.set(appContext, {
    config: { SITE_URL: site },
    logger: pino({ level: "silent" }),
    clientIp: "192.0.2.1",
    knownSession: { adminId: 1, email: `${role}@example.com`, role },
  } as AppContext);
  let ran = false;
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "/api/*" };
  const response = await provideRequestData(args, () =>
    handleAdminApi(
      { request, context },
      // No database here: the two-factor requirement is tested against one (two-factor.test.ts).
      { methods: ["GET"], beforeTwoFactor: true, ...(needs ? { role: needs } : {}) },
      async () => {
        ran = true;
        return Response.json({ ok: true });
      },
    ),
  );
  if (!(response instanceof Response)) throw new Error("Expected a response");
  return { status: response.status, body: await response.json(), ran };
}

describe("handleAdminApi's role", () => {
  it("refuses an editor an owner's endpoint with the API's JSON error, before the handler", async () => {
    expect(await callAs("editor", "owner")).toEqual({
      status: 403,
      body: { message: "Only an owner can do this" },
      ran: false,
    });
  });

  it("lets an owner use it, and every admin use an endpoint that names no role", async () => {
    expect(await callAs("owner", "owner")).toMatchObject({ status: 200, ran: true });
    expect(await callAs("editor", undefined)).toMatchObject({ status: 200, ran: true });
  });
});
