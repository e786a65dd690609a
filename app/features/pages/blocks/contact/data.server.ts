// The contact form block's data: the form's words and a fresh form token.
import { getAppContext } from "~/platform/context.server";
import { issueFormToken } from "~/platform/form-cookie.server";
import type { BlockData } from "../block-data";
import type { ContactBlockData } from "./view";

export const contactData = {
  load: async ({ context, content, shown }) =>
    shown
      ? {
          formHeading: content.contact.formHeading,
          submitText: content.contact.formSubmitText,
          formTexts: content.forms,
          formToken: await issueFormToken(getAppContext(context).db),
        }
      : undefined,
} satisfies BlockData<"contact", ContactBlockData>;
