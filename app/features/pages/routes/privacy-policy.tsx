// /privacy-policy: the privacy policy from the content (legal.privacyPolicy).

import { getRequestContent } from "~/features/content/request-content.server";
import { LegalDocument, pickLegalPage } from "~/features/pages/legal-document";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/privacy-policy";

export const handle = {
  page: { title: "Privacy Policy", group: "Legal", order: 300 },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  return {
    companyName: content.general.companyName,
    page: pickLegalPage(content, "privacyPolicy"),
    seo: content.seo.privacyPolicy,
  };
}

export function meta(args: Route.MetaArgs) {
  const companyName = args.loaderData?.companyName ?? "we";
  return buildPageMeta(args, {
    title: "Privacy Policy",
    description: `How ${companyName} collects, uses and protects personal information.`,
    seo: args.loaderData?.seo,
  });
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument title="Privacy Policy" page={loaderData.page} />;
}
