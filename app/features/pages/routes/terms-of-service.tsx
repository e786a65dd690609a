// /terms-of-service: the terms of service from the content (legal.termsOfService).

import { getRequestContent } from "~/features/content/request-content.server";
import { LegalDocument, pickLegalPage } from "~/features/pages/legal-document";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/terms-of-service";

export const handle = {
  page: { title: "Terms of Service", group: "Legal", order: 310 },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  return {
    companyName: content.general.companyName,
    page: pickLegalPage(content, "termsOfService"),
    seo: content.seo.termsOfService,
  };
}

export function meta(args: Route.MetaArgs) {
  const companyName = args.loaderData?.companyName ?? "this website";
  return buildPageMeta(args, {
    title: "Terms of Service",
    description: `The terms that apply when you use the ${companyName} website.`,
    seo: args.loaderData?.seo,
  });
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <LegalDocument title="Terms of Service" page={loaderData.page} />;
}
