// Where the newsletter field's no-JavaScript post leads back to: a local path only, never another
// site.
import { isSiteAddress } from "~/platform/http/site-address";

/** A local path to go back to after a form post; anything else falls back to the home page. */
export function toLocalPath(value: string | undefined): string {
  if (!value || !isSiteAddress(value)) return "/";
  return value.slice(0, 500);
}

/** The page the newsletter field was posted from; from the sign-up page itself, the home page. */
export function getNewsletterReturnPath(returnTo: string | undefined): string {
  const back = toLocalPath(returnTo);
  return back === "/newsletter" || back.startsWith("/newsletter?") ? "/" : back;
}
