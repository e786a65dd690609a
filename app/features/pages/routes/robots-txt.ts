// /robots.txt: public pages open to crawlers, admin, editor and API paths closed, and where the
// sitemap is.

import { renderRobotsTxt } from "~/features/pages/crawlers.server";
import { getAppContext } from "~/platform/context.server";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = getAppContext(context);
  return new Response(renderRobotsTxt(config.SITE_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
