// /fonts/<family>/<version>/<weight>.woff2: a self-hosted font file of the offered families,
// cached for good (the package's version is in the address).
import { readFontFile } from "~/platform/document/font-files.server";
import type { Route } from "./+types/font-file";

export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readFontFile(params.family, params.version, params.file)?.catch(
    () => undefined,
  );
  if (!bytes) {
    return new Response("No such font file", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "font/woff2",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
