// Pages without <link rel="modulepreload">: on a slow phone those downloads compete with the first
// paint (Lighthouse: mobile LCP about 2.4 s with them, 1.1 s without). The page's module script
// still imports them, so hydration comes a few round trips later, the content first.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const preloadTag = '<link rel="modulepreload"';
const preloadLink = /<link rel="modulepreload"[^>]*>/g;

export function removeModulePreloads(html: string): string {
  return html.replace(preloadLink, "");
}

/**
 * The same on a streamed document. A chunk may end inside a tag or inside a UTF-8 character: the
 * decoder keeps split characters, and a tail that could be a preload tag waits for the next chunk.
 */
export function createModulePreloadFilter(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const release = (text: string): string => {
    const start = text.lastIndexOf("<");
    const tail = start === -1 ? "" : text.slice(start);
    const partial =
      start === -1
        ? false
        : tail.length < preloadTag.length
          ? preloadTag.startsWith(tail)
          : tail.startsWith(preloadTag) && !tail.includes(">");
    pending = partial ? tail : "";
    return removeModulePreloads(partial ? text.slice(0, start) : text);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, release(pending + decoder.write(chunk)));
    },
    flush(callback) {
      callback(null, removeModulePreloads(pending + decoder.end()));
    },
  });
}
