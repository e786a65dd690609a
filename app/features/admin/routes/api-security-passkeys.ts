// POST /api/admin/security/passkeys: the signed-in admin adds a passkey. "options" (with the
// password again, so a stolen session cannot add one) answers the WebAuthn options; "add" keeps it
// (201, with recovery codes when it is the first second factor). Other sessions end.
import { type AdminApiArgs, handleAdminApi } from "~/capabilities/workspace/gate.server";
import { confirmOwnPassword } from "~/features/admin/two-factor/confirm-password.server";
import {
  finishPasskeyRegistration,
  getRelyingParty,
  startPasskeyRegistration,
} from "~/features/admin/two-factor/passkeys.server";
import { passkeyRegistrationSchema } from "~/features/admin/two-factor/two-factor-schemas";
import { ApiError, readJsonBody } from "~/platform/http/api.server";
import { readSessionId } from "~/platform/sessions.server";

export const loader = (args: AdminApiArgs) =>
  handleAdminApi(args, { methods: ["POST"] }, async () => new Response(null, { status: 405 }));

export function action(args: AdminApiArgs) {
  // Adding a passkey is one way to set up the two-factor the site may require.
  const options = { methods: ["POST"], beforeTwoFactor: true } as const;
  return handleAdminApi(args, options, async ({ db, config, admin, clientIp }) => {
    const input = await readJsonBody(args.request, passkeyRegistrationSchema);
    const party = getRelyingParty(config.SITE_URL, args.request);
    if (input.intent === "options") {
      await confirmOwnPassword(db, admin, input.password, clientIp);
      return Response.json(await startPasskeyRegistration(db, admin, party));
    }
    const result = await finishPasskeyRegistration(
      db,
      {
        adminId: admin.adminId,
        email: admin.email,
        sessionId: readSessionId(args.request, config.secure) ?? "",
        address: clientIp,
      },
      input,
      party,
    );
    if (result.status === "expired") {
      throw new ApiError(409, "Adding the passkey took too long. Please start again.");
    }
    if (result.status === "refused") {
      throw new ApiError(400, "This passkey could not be verified. Please try again.");
    }
    return Response.json(
      { message: `Passkey “${input.name}” added.`, recoveryCodes: result.recoveryCodes ?? null },
      { status: 201 },
    );
  });
}
