// /admin/reset-password?token=...: the page a reset email links to. A working link shows the new
// password form; a used or expired one says so and offers a new link.
import {
  readLinkPage,
  submitLinkPassword,
} from "~/features/admin/email-links/email-link-submissions.server";
import { LinkPasswordPage, linkPageTexts } from "~/features/admin/email-links/link-password-page";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/reset-password";

export function loader(args: Route.LoaderArgs) {
  return readLinkPage(args, "reset");
}

export function action(args: Route.ActionArgs) {
  return submitLinkPassword(args, "reset");
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Choose a new password",
    description: "Set a new password for your admin account.",
    noindex: true,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkPasswordPage text={linkPageTexts.reset} {...loaderData} result={actionData} />;
}
