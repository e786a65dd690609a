// /terms-of-service: the terms of service from the content (legal.termsOfService).
import { LegalDocument } from "~/components/legal/legal-document";
import { buildPageMeta } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { getSiteContent } from "~/server/site-content.server";
import type { Route } from "./+types/terms-of-service";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  const { content } = await getSiteContent(db, logger);
  return { companyName: content.general.companyName, html: content.legal.termsOfService };
}

export function meta(args: Route.MetaArgs) {
  const companyName = args.loaderData?.companyName ?? "this website";
  return buildPageMeta(args, {
    title: "Terms of Service",
    description: `The terms that apply when you use the ${companyName} website.`,
  });
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      title="Terms of Service"
      description={`The terms that apply when you use the ${loaderData.companyName} website.`}
      html={loaderData.html}
    />
  );
}
