// Which compressed copies a client takes, from its Accept-Encoding header: shared by the page
// cache and the precompressed static files, so both read the header the same way.

export type Compression = "br" | "gzip";

// Shared answers: this runs for every cache hit, which should allocate nothing.
const none: readonly Compression[] = [];
const both: readonly Compression[] = ["br", "gzip"];
const onlyBrotli: readonly Compression[] = ["br"];
const onlyGzip: readonly Compression[] = ["gzip"];

/** The encodings the client accepts (q=0 refuses one), best first: brotli, the smallest, then gzip. */
export function getAcceptedEncodings(
  header: string | string[] | undefined,
): readonly Compression[] {
  if (!header) return none;
  const value = Array.isArray(header) ? header.join(",") : header;
  let br = false;
  let gzip = false;
  for (const part of value.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    if (token === "br") br = true;
    if (token === "gzip" || token === "x-gzip") gzip = true;
  }
  if (br) return gzip ? both : onlyBrotli;
  return gzip ? onlyGzip : none;
}
