// The loader both publications' public pages share: the item (or an admin's preview of a hidden
// one; else 404) with its text's images as <picture>s, and every visible item.
import { data, type RouterContextProvider } from "react-router";
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import {
  type FigureSizes,
  withResponsiveImages,
} from "~/capabilities/rich-text/responsive-html.server";
import { type AppContext, getAppContext } from "~/platform/context.server";
import { getRequestData } from "~/platform/request-data.server";
import { expireAtNextPublication, resolveHiddenPublication } from "./public-reader.server";
import type { PreviewNotice, PublicationKind, PublicationRecord } from "./schema";

type Placed<K extends PublicationKind> = PublicationRecord[K] & ImagePlacement;

export type PublicationPageArgs = {
  context: Readonly<RouterContextProvider>;
  params: { id: string };
  request: Request;
};

/** How a page reads its kind: the item by id (if visible) and all visible items, in that order. */
export type ReadPublications<K extends PublicationKind> = (
  app: AppContext,
  id: string,
  timeZone: () => Promise<string>,
) => Promise<[Placed<K> | undefined, Placed<K>[]]>;

export async function loadPublicationPage<K extends PublicationKind>(
  { context, params, request }: PublicationPageArgs,
  kind: K,
  page: {
    read: ReadPublications<K>;
    bodyImageSizes: FigureSizes;
  },
): Promise<{ record: Placed<K>; all: Placed<K>[]; preview?: PreviewNotice }> {
  await expireAtNextPublication(context);
  const app = getAppContext(context);
  const { db, logger } = app;
  // Dates show in the site time zone; saving a new zone drops the cached pages.
  const timeZone = () => getRequestData(context).timeZone();
  const [found, all] = await page.read(app, params.id, timeZone);
  const hidden = found
    ? undefined
    : await resolveHiddenPublication(app, request, kind, params.id, await timeZone());
  const placed = found ?? hidden?.record;
  if (!placed) throw data(null, { status: 404 });
  // The text's uploaded images as <picture>s, once per render (the page cache keeps it).
  const record =
    "body" in placed
      ? {
          ...placed,
          body: await withResponsiveImages(db, logger, placed.body, page.bodyImageSizes),
        }
      : placed;
  return { record, all, preview: hidden?.preview };
}
