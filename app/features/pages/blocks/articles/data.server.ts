// The latest articles block's data: the published articles, dated in the site's time zone.
import { getArticles } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import { getRequestData } from "~/platform/request-data.server";
import type { BlockData } from "../block-data";
import type { ArticlesBlockData } from "./view";

export const articlesData = {
  load: async ({ context, content, shown }) => {
    const { db, logger } = getAppContext(context);
    const timeZone = shown ? await getRequestData(context).timeZone() : "";
    return {
      articles: shown ? await getArticles(db, logger, timeZone) : [],
      readMoreText: content.blog.readMoreText,
    };
  },
} satisfies BlockData<"articles", ArticlesBlockData>;
