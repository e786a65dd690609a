// /blog: Insights and Resources. Search text, category and the number of pages shown come from
// the URL query (shareable, and working without JavaScript); then the grid, Load More Articles,
// the empty state, Featured Resources (the chosen articles and case studies) and the newsletter block.
import { ArrowDown, SearchX } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { fillPlaceholders } from "~/features/content/text";
import { NewsletterBlock } from "~/features/newsletter/components/newsletter-block";
import {
  buildBlogSearch,
  filterArticles,
  isCanonicalBlogQuery,
  listCategories,
  paginate,
  parseBlogQuery,
} from "~/features/publishing/blog-filter";
import { ArticleCard, toArticleCard } from "~/features/publishing/components/article-card";
import { BlogFilters } from "~/features/publishing/components/blog-filters";
import { FeaturedResources } from "~/features/publishing/components/featured-resources";
import { listFeaturedTabs } from "~/features/publishing/featured-resources";
import {
  expireAtNextPublication,
  getArticles,
  getCaseStudies,
} from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import { keepOutOfPageCache } from "~/platform/page-cache/hints.server";
import { getRequestData } from "~/platform/request-data.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { PageIntro } from "~/ui/sections/page-intro";
import type { Route } from "./+types/blog";

// The search, the category filter and the page number each give their own list.
export const handle = {
  page: {
    title: { contentHeading: "blog" },
    group: "Main Pages",
    order: 50,
    // Featured Resources list case studies too.
    changesWith: "everything",
  },
  cache: { query: ["q", "category", "page"] },
} satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  // First: a scheduled item that comes due while the articles are read must still end the page.
  await expireAtNextPublication(context);
  const { db, logger } = getAppContext(context);
  const params = new URL(request.url).searchParams;
  const query = parseBlogQuery(params);
  const [{ content }, articles, caseStudies] = await Promise.all([
    getRequestContent(context),
    getRequestData(context)
      .timeZone()
      .then((timeZone) => getArticles(db, logger, timeZone)),
    getCaseStudies(db, logger),
  ]);
  const matching = filterArticles(articles, query);
  const shown = paginate(matching, query.page);
  const cards = shown.items.map(toArticleCard);
  const categories = listCategories(articles);
  // Kept only under the view's own address, and not when nothing matches (a search, an unknown
  // category): invented queries would otherwise each mint an entry.
  const foundNothing = matching.length === 0 && (query.q !== "" || query.category !== "");
  if (foundNothing || !isCanonicalBlogQuery(params, { ...query, page: shown.page })) {
    keepOutOfPageCache(context);
  }
  // The tabs' addresses stay here: the page gets the tabs as shown.
  const { featuredTabs, ...blog } = content.blog;
  return {
    blog,
    seo: content.seo.blog,
    newsletter: {
      heading: content.cta.newsletterHeading,
      description: content.cta.newsletterDescription,
      note: content.forms.newsletterNote,
    },
    query: { ...query, page: shown.page },
    categories,
    featured: listFeaturedTabs(featuredTabs, articles, caseStudies),
    featuredTexts: {
      heading: content.blog.featuredHeading,
      description: content.blog.featuredDescription,
      viewAllText: content.blog.featuredViewAllText,
      articleLinkText: content.blog.readMoreText,
      caseStudyLinkText: content.caseStudies.readMoreText,
    },
    articles: cards,
    // Filled here so the page's script needs no placeholder code.
    countLine:
      shown.total === 0
        ? content.blog.noMatchText
        : fillPlaceholders(shown.total === 1 ? content.blog.countOneText : content.blog.countText, {
            shown: cards.length,
            total: shown.total,
          }),
    nextArticleId: shown.hasMore ? matching[cards.length]?.id : undefined,
  };
}

export function meta(args: Route.MetaArgs) {
  const blog = args.loaderData?.blog;
  return [
    ...buildPageMeta(args, {
      title: blog?.heading ?? "Blog",
      description: blog?.description ?? "",
      seo: args.loaderData?.seo,
      path: "/blog",
    }),
    // Feed readers and browsers find the Atom feed from here.
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${blog?.heading ?? "Blog"} (Atom feed)`,
      href: "/blog/feed.xml",
    },
  ];
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { blog, newsletter, query, categories, articles, countLine, nextArticleId } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loadingMore =
    navigation.state === "loading" &&
    navigation.location.pathname === "/blog" &&
    navigation.location.hash.startsWith("#post-");

  // After Load More Articles, keyboard focus moves to the first article just added.
  useEffect(() => {
    if (!location.hash.startsWith("#post-")) return;
    const link = document.getElementById(location.hash.slice(1))?.querySelector("h3 a");
    if (link instanceof HTMLElement) link.focus({ preventScroll: true });
  }, [location.hash]);

  return (
    <>
      <PageIntro eyebrow={blog.eyebrow} heading={blog.heading} description={blog.description}>
        <div className="mt-10">
          <BlogFilters query={query} categories={categories} placeholder={blog.searchPlaceholder} />
        </div>
      </PageIntro>

      <section
        aria-labelledby="articles-heading"
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="articles-heading" className="text-2xl font-bold tracking-tight text-navy">
            {query.category || blog.latestHeading}
          </h2>
          <p role="status" className="text-sm text-slate-600">
            {countLine}
          </p>
        </div>

        {articles.length > 0 ? (
          <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article, index) => (
              <li key={article.id} className="flex">
                <ArticleCard
                  article={article}
                  readMoreText={blog.readMoreText}
                  eager={index < 3}
                  priority={index === 0}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-input bg-muted/40 px-6 py-16 text-center">
            <SearchX className="size-10 text-slate-400" aria-hidden="true" />
            <h3 className="mt-4 text-xl font-semibold text-navy">{blog.emptyHeading}</h3>
            <p className="mt-2 text-slate-600">{blog.emptyText}</p>
            <Button asChild variant="outline" className="mt-6">
              <Link to="/blog" preventScrollReset>
                {blog.resetText}
              </Link>
            </Button>
          </div>
        )}

        {nextArticleId ? (
          <div className="mt-12 flex justify-center">
            <Button asChild variant="outline" size="lg" aria-disabled={loadingMore || undefined}>
              <Link
                to={`/blog${buildBlogSearch({ ...query, page: query.page + 1 })}#post-${nextArticleId}`}
              >
                {loadingMore ? "Loading..." : blog.loadMoreText}
                <ArrowDown aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : null}
      </section>

      <FeaturedResources tabs={loaderData.featured} texts={loaderData.featuredTexts} />
      <NewsletterBlock
        heading={newsletter.heading}
        description={newsletter.description}
        note={newsletter.note}
      />
    </>
  );
}
