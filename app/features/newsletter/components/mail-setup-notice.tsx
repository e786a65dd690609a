// Said on the newsletter screens when the server has no email set up: what that means for the
// owner, and whom to ask, in the owner's words.
import { MailWarning } from "lucide-react";
import { Notice } from "~/capabilities/workspace/shell/notice";

export function MailSetupNotice() {
  return (
    <Notice tone="info" icon={<MailWarning className="size-5" aria-hidden="true" />}>
      <p className="font-semibold">Email is not set up on this server yet.</p>
      <p>
        Sign-ups are kept, but they cannot be sent the email that confirms them, and newsletters
        cannot be sent. Ask the person who runs your website's server to set up email: the README's
        "Email alerts" section says how.
      </p>
    </Notice>
  );
}
