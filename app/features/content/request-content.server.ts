// The site content of this request: the current document (or the fallback when the database
// cannot be read), read once per request whoever asks first.
import { getAppContext } from "~/platform/context.server";
import { memoisePerRequest } from "~/platform/request-data.server";
import { getSiteContent } from "./site-content.server";

export const getRequestContent = memoisePerRequest((context) => {
  const { db, logger } = getAppContext(context);
  return getSiteContent(db, logger);
});
