// /blog/feed.xml: the Atom feed of published articles, linked from the blog page's head.

import { getSiteContent } from "~/features/content/site-content.server";
import { renderAtomFeed } from "~/features/publishing/feed.server";
import { listVisibleEntries } from "~/features/publishing/store/reads.server";
import { getAppContext } from "~/platform/context.server";
import type { Route } from "./+types/blog-feed";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, config } = getAppContext(context);
  const { content } = await getSiteContent(db, logger);
  let entries: Awaited<ReturnType<typeof listVisibleEntries<"article">>>;
  try {
    entries = await listVisibleEntries(db, "article");
  } catch (error) {
    // An empty feed would tell readers every article is gone: say "later" instead.
    logger.error({ err: error }, "Failed to read the articles for the feed");
    return new Response("The feed is unavailable just now. Please try again shortly.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" },
    });
  }
  const feed = renderAtomFeed({
    siteUrl: config.SITE_URL,
    title: `${content.general.companyName}: ${content.blog.heading}`,
    subtitle: content.blog.description,
    entries,
  });
  return new Response(feed, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
