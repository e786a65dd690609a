// Two-factor set-up as an admin does it on the Security screen (issue 20), for the integration
// tests: start the authenticator app's set-up, read the key the screen shows, confirm it with a
// code computed from that key, and keep the recovery codes the screen shows once.
import { generateTotp } from "~/features/admin/two-factor/totp.server";
import { postForm } from "./newsletter";
import type { TestSite } from "./test-site";

/** The authenticator key the Security screen shows during set-up, spaces removed. */
export function readShownTotpSecret(html: string): string {
  const match = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(html);
  if (!match?.[1]) throw new Error("The Security screen shows no authenticator key");
  return match[1].replaceAll(" ", "");
}

/** The recovery codes a page shows once. */
export function readShownRecoveryCodes(html: string): string[] {
  return [...html.matchAll(/>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((match) => match[1] ?? "");
}

/** A code of the step offsetSteps from now (a step not used yet, whatever the last sign-in took). */
export function computeTotp(secret: string, offsetSteps = 0): string {
  return generateTotp(secret, new Date(Date.now() + offsetSteps * 30_000));
}

/** Turns TOTP on for the admin behind cookie; answers the key and the recovery codes shown. */
export async function enableTotp(
  site: TestSite,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await postForm(site.url, "/admin/security", cookie, { intent: "totp-start" });
  const page = await fetch(`${site.url}/admin/security`, { headers: { cookie } });
  const secret = readShownTotpSecret(await page.text());
  const confirmed = await postForm(site.url, "/admin/security", cookie, {
    intent: "totp-confirm",
    code: computeTotp(secret),
  });
  if (confirmed.status !== 200) throw new Error(`TOTP set-up failed: ${confirmed.status}`);
  const recoveryCodes = readShownRecoveryCodes(await confirmed.text());
  return { secret, recoveryCodes };
}
