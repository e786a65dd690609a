// What a public detail page does when its slug shows no visible item: a 301 to the item's current
// slug when it moved, a preview for a signed-in admin when it is a draft or scheduled, else 404.
import { type RouterContextProvider, redirect } from "react-router";
import { type AppContext, getAppContext } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { expirePageAt } from "~/platform/page-cache/hints.server";
import { getRequestSession } from "~/platform/sessions.server";
import { kindTexts } from "./kind-texts";
import type { PreviewNotice, PublicationKind, PublicationRecord } from "./schema";
import { findRedirect, getForAdmin, getNextPublicationTime } from "./store.server";

/**
 * Throws the redirect when the slug moved; answers the admin's preview of a hidden item, or
 * undefined (the page answers 404). A database failure is logged and counts as "not found".
 */
export async function resolveHiddenPublication<K extends PublicationKind>(
  { db, config, logger }: Pick<AppContext, "db" | "config" | "logger">,
  request: Request,
  kind: K,
  id: string,
): Promise<{ record: PublicationRecord[K]; preview: PreviewNotice } | undefined> {
  let target: string | undefined;
  try {
    target = await findRedirect(db, kind, id);
  } catch (error) {
    logger.error({ err: error }, "Failed to look up an old address");
    return undefined;
  }
  if (target) throw redirect(kindTexts[kind].publicPath(target), 301);
  const session = await getRequestSession(db, request, config.secure).catch(() => undefined);
  if (!session) return undefined;
  const item = await getForAdmin(db, kind, id);
  if (!item) return undefined;
  return {
    record: item.record,
    preview: {
      status: item.status,
      publishAt: item.publishAt,
      editPath: `${kindTexts[kind].adminPath}/${id}`,
    },
  };
}

/**
 * Tells the page cache that the page being rendered changes by itself when the next scheduled
 * item comes due (it joins lists, related items, the sitemap). Unknown when the database cannot be
 * read: then the page is not kept past now.
 */
export async function expireAtNextPublication(
  context: Readonly<RouterContextProvider>,
): Promise<void> {
  const { db, logger } = getAppContext(context);
  try {
    const next = await getNextPublicationTime(db);
    if (next) expirePageAt(context, next);
  } catch (error) {
    // An outage is one warning line; anything else is a bug with its stack.
    logDatabaseError(logger, error, "Failed to read the next publication time");
    expirePageAt(context, Date.now());
  }
}
