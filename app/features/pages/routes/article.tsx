// /blog/:id: one article (Read More leads here) with its byline, image, body,
// a call to action and more articles to read. An unknown id is a 404.
import { ArrowLeft, CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage, placeholderImage } from "~/capabilities/media/fallback-image";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { pickCtaButtons } from "~/features/content/cta-buttons";
import { getRequestContent } from "~/features/content/request-content.server";
import { ArticleCard, toArticleCard } from "~/features/publishing/components/article-card";
import {
  articleBodyImageSizes,
  articleCoverSizes,
} from "~/features/publishing/components/image-sizes";
import { PreviewBanner } from "~/features/publishing/components/preview-banner";
import { findArticle, getArticles } from "~/features/publishing/public-reader.server";
import { loadPublicationPage } from "~/features/publishing/publication-page.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { canDrawCoverCard, getCoverPreviewImagePath } from "~/platform/seo/preview-image-paths";
import { Badge } from "~/ui/badge";
import { ConsultationCta } from "~/ui/sections/consultation-cta";
import { describeMissing, drawErrorNotice } from "~/ui/sections/error-notice";
import { InitialsAvatar } from "~/ui/sections/initials-avatar";
import type { Route } from "./+types/article";

export const handle = {
  page: { each: "article", group: "Articles", order: 120 },
} satisfies RouteHandle;

/** How many other articles the page suggests: same category first, then the newest. */
const relatedCount = 3;

export async function loader(args: Route.LoaderArgs) {
  const {
    record: article,
    all,
    preview,
  } = await loadPublicationPage(args, "article", {
    read: async ({ db, logger }, id, readTimeZone) => {
      const timeZone = await readTimeZone();
      return Promise.all([
        findArticle(db, logger, id, timeZone),
        getArticles(db, logger, timeZone),
      ]);
    },
    bodyImageSizes: articleBodyImageSizes,
  });
  const others = all.filter((other) => other.id !== article.id);
  const related = [
    ...others.filter((other) => other.category === article.category),
    ...others.filter((other) => other.category !== article.category),
  ]
    .slice(0, relatedCount)
    .map(toArticleCard);
  const { content } = await getRequestContent(args.context);
  const { blog } = content;
  const texts = {
    ctaHeading: blog.articleCtaHeading,
    ctaDescription: blog.articleCtaDescription,
    relatedHeading: blog.relatedHeading,
    relatedLinkText: blog.relatedLinkText,
    readMoreText: blog.readMoreText,
    backLinkText: blog.backLinkText,
  };
  return { article, related, texts, ctaButtons: pickCtaButtons(content), preview };
}

export function meta(args: Route.MetaArgs) {
  const article = args.loaderData?.article;
  if (!article) {
    return buildPageMeta(args, {
      title: "Article Not Found",
      description: "The article you're looking for could not be found.",
      noindex: true,
    });
  }
  return buildPageMeta(args, {
    title: article.title,
    description: article.excerpt,
    seo: article,
    type: "article",
    // An admin's preview of a draft or scheduled item: never indexed, no preview image or JSON-LD.
    noindex: Boolean(args.loaderData?.preview),
    ...(article.coverAsCardImage && canDrawCoverCard(article.imageUrl)
      ? { image: getCoverPreviewImagePath(`/blog/${article.id}`) }
      : {}),
    article: {
      headline: article.title,
      datePublished: article.publishedAt,
      authorName: article.author.name,
    },
  });
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, preview } = loaderData;
  return (
    <>
      {preview ? <PreviewBanner preview={preview} /> : null}
      <article aria-labelledby="article-title">
        <header className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
          <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-16">
            <Link
              to="/blog"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {loaderData.texts.backLinkText}
            </Link>
            <div className="mt-6">
              <Badge variant="secondary">{article.category}</Badge>
            </div>
            <h1
              id="article-title"
              className="mt-4 text-3xl font-bold tracking-tight text-navy sm:text-5xl sm:leading-tight"
            >
              {article.title}
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-600">{article.excerpt}</p>
            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-slate-600">
              <span className="flex items-center gap-3">
                <InitialsAvatar initials={article.author.initials} />
                <span>
                  <span className="sr-only">By </span>
                  <span className="font-semibold text-navy">{article.author.name}</span>
                </span>
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" />
                <time dateTime={article.publishedAt}>{article.date}</time>
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden="true" />
                {article.readTime}
              </span>
            </div>
          </div>
        </header>
        <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6">
          <FallbackImage
            src={article.imageUrl || placeholderImage}
            alt={article.imageAlt}
            style={{ objectPosition: article.imagePosition }}
            sources={article.imageSources}
            sizes={articleCoverSizes}
            width={1200}
            height={800}
            loading="eager"
            fetchPriority="high"
            className="aspect-[3/2] w-full rounded-2xl bg-muted object-cover shadow-md"
          />
        </div>
        <RichText
          html={article.body}
          className="mx-auto max-w-3xl px-4 py-12 text-lg leading-relaxed text-slate-700 sm:px-6"
        />
      </article>

      <ConsultationCta
        heading={loaderData.texts.ctaHeading}
        description={loaderData.texts.ctaDescription}
        buttons={loaderData.ctaButtons}
      />

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="bg-muted/60">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <div className="flex flex-wrap items-baseline justify-between gap-4">
              <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-navy">
                {loaderData.texts.relatedHeading}
              </h2>
              <Link to="/blog" className="text-sm font-semibold text-primary hover:underline">
                {loaderData.texts.relatedLinkText}
              </Link>
            </div>
            <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {related.map((card) => (
                <li key={card.id} className="flex">
                  <ArticleCard article={card} readMoreText={loaderData.texts.readMoreText} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

const notices = describeMissing(
  "Article Not Found",
  "The article you're looking for could not be found.",
  { to: "/blog", label: "View All Articles" },
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return drawErrorNotice(error, notices);
}
