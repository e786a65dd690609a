// Any path no route claims: a page the owner built from blocks at that address, else the site's
// 404 page, with status 404 (410 where a page came down by its date, or that page's redirect).
// Its words are the content's.
import { Compass } from "lucide-react";
import { data } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import {
  answerEndedPage,
  isPageAddress,
  loadBuiltPage,
} from "~/features/pages/blocks/built-page.server";
import { DrawnBlocks } from "~/features/pages/blocks/extra-blocks";
import { InteractiveBlock } from "~/features/pages/blocks/interactive-block";
import { PreviewBanner } from "~/features/publishing/components/preview-banner";
import { buildPageMeta } from "~/platform/seo/meta";
import { NoticeOnDemand } from "~/ui/sections/error-notice";
import type { Route } from "./+types/not-found";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const built = isPageAddress(params["*"])
    ? await loadBuiltPage(context, request, params["*"])
    : undefined;
  if (built) return { built, texts: undefined };
  const ended = isPageAddress(params["*"])
    ? await answerEndedPage(context, params["*"])
    : undefined;
  const { content } = await getRequestContent(context);
  return data({ built: undefined, texts: content.notFound }, { status: ended ?? 404 });
}

export function meta(args: Route.MetaArgs) {
  const built = args.loaderData?.built;
  if (built) {
    return buildPageMeta(args, {
      title: built.page.title,
      description: built.summary || built.page.title,
      seo: built.page,
      path: `/${built.page.id}`,
      // An admin's preview of a draft or scheduled page is never indexed.
      noindex: Boolean(built.preview),
    });
  }
  return buildPageMeta(args, {
    title: args.loaderData?.texts?.heading ?? "404 Page Not Found",
    description: "The page you are looking for does not exist.",
    noindex: true,
  });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { built, texts } = loaderData;
  if (built) {
    const blocks = built.segments.map((segment, index) =>
      "block" in segment ? (
        <InteractiveBlock key={segment.block.id} block={segment.block} data={built.data} />
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the segments are fixed for the render.
        <DrawnBlocks key={index} {...segment} />
      ),
    );
    return (
      <>
        {built.preview ? <PreviewBanner preview={built.preview} /> : null}
        {built.faqPage ? (
          // The FAQ blocks' questions (microdata) belong to the page as an FAQPage.
          <div itemScope itemType="https://schema.org/FAQPage">
            {blocks}
          </div>
        ) : (
          blocks
        )}
      </>
    );
  }
  if (!texts) return null;
  return (
    <NoticeOnDemand
      icon={Compass}
      heading={texts.heading}
      text={texts.description}
      hint={texts.hint}
      links={[
        { to: "/", label: texts.homeButtonText },
        { to: "/contact", label: texts.contactButtonText },
      ]}
    />
  );
}
