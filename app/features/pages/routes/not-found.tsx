// Any path no route claims: a page the owner built from blocks at that address, else the site's
// 404 page, with status 404 (410 where a page came down by its date, or that page's redirect).
// Its words are the content's.
import { Compass } from "lucide-react";
import { data, Link } from "react-router";
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
import { Button } from "~/ui/button";
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
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Compass className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-navy sm:text-5xl">
        {texts.heading}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{texts.description}</p>
      <p className="mt-2 text-sm text-slate-500">{texts.hint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">{texts.homeButtonText}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">{texts.contactButtonText}</Link>
        </Button>
      </div>
    </section>
  );
}
