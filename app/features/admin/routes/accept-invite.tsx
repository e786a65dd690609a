// /admin/accept-invite?token=...: the page an invitation links to. A working link asks the invitee
// for their password and creates the account; a used or expired one says so.
import {
  readLinkPage,
  submitLinkPassword,
} from "~/features/admin/email-links/email-link-submissions.server";
import { LinkPasswordPage, linkPageTexts } from "~/features/admin/email-links/link-password-page";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/accept-invite";

export function loader(args: Route.LoaderArgs) {
  return readLinkPage(args, "invite");
}

export function action(args: Route.ActionArgs) {
  return submitLinkPassword(args, "invite");
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Create your admin account",
    description: "Accept your invitation to the admin.",
    noindex: true,
  });
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkPasswordPage text={linkPageTexts.invite} {...loaderData} result={actionData} />;
}
