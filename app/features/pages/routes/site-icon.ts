// /brand/<source>/<file>: the site icon's favicons, apple-touch icon and manifest icons, drawn from
// the chosen upload (or the built-in mark) and cached for good: a new icon has new addresses.
import { getImageStore } from "~/capabilities/media/image-store.server";
import {
  builtInIconSource,
  getSiteIconSource,
  isSiteIconFile,
} from "~/capabilities/media/site-icons";
import {
  builtInIconSvg,
  readIconSource,
  renderSiteIcon,
} from "~/capabilities/media/site-icons.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { getAppContext } from "~/platform/context.server";
import type { Route } from "./+types/site-icon";

function notFound(): Response {
  return new Response("No such icon", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { source, file } = params;
  if (!isSiteIconFile(file)) return notFound();
  // Only the current icon's files are drawn: no request makes icons of any other upload.
  const { content } = await getRequestContent(context);
  if (source !== getSiteIconSource(content.brand.iconUrl)) return notFound();
  const app = getAppContext(context);
  const readSource = async (): Promise<string | Uint8Array> => {
    if (source === builtInIconSource) return Buffer.from(builtInIconSvg);
    const original = await getImageStore(app).openOriginal(source);
    if (!original) throw new Error("the site icon's upload is gone");
    return readIconSource(original);
  };
  let png: Buffer;
  try {
    png = await renderSiteIcon(source, file, readSource);
  } catch (error) {
    app.logger.warn({ err: error, source, file }, "site icon not drawn");
    return notFound();
  }
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
