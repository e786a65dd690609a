// The latest articles block's data: the published articles, dated in the site's time zone.
import { getArticles } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import { getRequestData } from "~/platform/request-data.server";
import type { BlockData } from "../block-data";
import type { ArticlesBlockData } from "./view";

export const articlesData = {
  load: async ({ context, content, shown }) => {
    const readMoreText = content.blog.readMoreText;
    if (!shown) return { articles: [], readMoreText };
    const { db, logger } = getAppContext(context);
    const timeZone = await getRequestData(context).timeZone();
    return { articles: await getArticles(db, logger, timeZone), readMoreText };
  },
} satisfies BlockData<"articles", ArticlesBlockData>;
