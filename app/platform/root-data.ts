// What the root route shares with every screen, whichever feature draws it. root.tsx checks its
// loader's answer against this shape, so a feature below the pages reads it without importing
// root.tsx (imports run one way).
import { useRouteLoaderData } from "react-router";

/** The newsletter form's words, from the content's Forms section (it sits on every page). */
export type NewsletterFormTexts = {
  emailLabel: string;
  placeholder: string;
  buttonText: string;
  sendingText: string;
};

export type SharedRootData = {
  shell: { companyName: string; tagline: string; newsletter: { form: NewsletterFormTexts } };
  /** The canonical origin (SITE_URL): the editors' previews show the addresses pages will have. */
  siteUrl: string;
  /** The public forms' signed "shown at" time (the spam guard), on every page. */
  formToken: string | undefined;
};

export function useSharedRootData(): SharedRootData | undefined {
  return useRouteLoaderData<SharedRootData>("root");
}
