// An article on the blog grid: image, category, date, read time, title, excerpt cut at 150
// characters plus "...", author and Read More.
import { CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage, placeholderImage } from "~/capabilities/media/fallback-image";
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { truncate } from "~/platform/display-text";
import { Badge } from "~/ui/badge";
import { InitialsAvatar } from "~/ui/sections/initials-avatar";
import type { Article } from "../schema";
import { cardImageSizes } from "./image-sizes";
import { ReadMoreLink } from "./read-more-link";

/** Card excerpts are cut at 150 characters plus "...". */
export const excerptLength = 150;

export type ArticleCardData = Pick<
  Article,
  | "id"
  | "title"
  | "excerpt"
  | "category"
  | "imageUrl"
  | "imageAlt"
  | "author"
  | "date"
  | "publishedAt"
  | "readTime"
> &
  ImagePlacement;

/** What a card needs of an article: no body, the excerpt already cut. */
export function toArticleCard(article: Article & ImagePlacement): ArticleCardData {
  return {
    id: article.id,
    title: article.title,
    excerpt: truncate(article.excerpt, excerptLength),
    category: article.category,
    imageUrl: article.imageUrl,
    imageAlt: article.imageAlt,
    imagePosition: article.imagePosition,
    imageSources: article.imageSources,
    author: article.author,
    date: article.date,
    publishedAt: article.publishedAt,
    readTime: article.readTime,
  };
}

export function ArticleCard({
  article,
  readMoreText,
  eager = false,
  priority = false,
}: {
  article: ArticleCardData;
  /** The link's words, from the blog's content ("Read More"). */
  readMoreText: string;
  /** Images in the first row load at once; the rest when scrolled near. */
  eager?: boolean;
  /** The page's largest image, fetched before other images. */
  priority?: boolean;
}) {
  const href = `/blog/${article.id}`;
  const headingId = `post-title-${article.id}`;
  return (
    // w-full: the card fills its grid cell whatever its text (a short excerpt would otherwise
    // shrink it, and its image below the width the srcset's sizes promise). The image rounds its
    // own top corners instead of the card clipping it (overflow-hidden): Chromium paints a
    // clipped image at CSS pixels, so Lighthouse took the phone's 768 px variant for waste.
    <article
      id={`post-${article.id}`}
      aria-labelledby={headingId}
      className="flex w-full flex-col rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <FallbackImage
        src={article.imageUrl || placeholderImage}
        alt={article.imageAlt}
        style={{ objectPosition: article.imagePosition }}
        sources={article.imageSources}
        sizes={cardImageSizes}
        width={1200}
        height={800}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        className="aspect-[3/2] w-full rounded-t-xl bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <Badge variant="secondary" className="self-start">
          {article.category}
        </Badge>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            <time dateTime={article.publishedAt}>{article.date}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-3.5" aria-hidden="true" />
            {article.readTime}
          </span>
        </div>
        <h3 id={headingId} className="mt-4 text-xl font-semibold leading-snug text-navy">
          <Link to={href} className="hover:text-primary">
            {article.title}
          </Link>
        </h3>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-600">{article.excerpt}</p>
        <div className="mt-6 flex items-center justify-between gap-4 border-t border-border pt-4">
          <span className="flex items-center gap-2.5 text-sm font-medium text-slate-800">
            <InitialsAvatar initials={article.author.initials} size="sm" />
            {article.author.name}
          </span>
          <ReadMoreLink
            to={href}
            text={readMoreText}
            title={article.title}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-primary hover:underline"
          />
        </div>
      </div>
    </article>
  );
}
