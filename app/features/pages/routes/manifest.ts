// /manifest.webmanifest: the web app manifest (name, colours, the site icon at 192 and 512 px),
// from the content, so a new icon or name shows at the next fetch.
import { getSiteIconUrl } from "~/capabilities/media/site-icons";
import { getRequestContent } from "~/features/content/request-content.server";
import type { Route } from "./+types/manifest";

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  const { companyName } = content.general;
  const { brand } = content;
  const manifest = {
    name: companyName,
    short_name: companyName.length <= 12 ? companyName : companyName.split(/\s+/)[0],
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: brand.primaryColor,
    icons: [
      {
        src: getSiteIconUrl(brand.iconUrl, "icon-192.png"),
        sizes: "192x192",
        type: "image/png",
      },
      {
        src: getSiteIconUrl(brand.iconUrl, "icon-512.png"),
        sizes: "512x512",
        type: "image/png",
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
