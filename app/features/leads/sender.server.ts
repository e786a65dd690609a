// What the lead forms read off a request besides their fields: who sent it (for the spam guard and
// the rate limits), and how large a lead may be, capped well below the site-wide limit.
import { readFormShownCookie } from "~/platform/form-cookie.server";
import type { SenderInfo } from "./lead-gate.server";

export const maxLeadBodyBytes = 16 * 1024;

export function getSenderInfo(request: Request, clientIp: string): SenderInfo {
  return {
    clientIp,
    userAgent: request.headers.get("user-agent"),
    formShownCookie: readFormShownCookie(request.headers.get("cookie")),
  };
}
