// Module preloads at low fetch priority. React Router preloads every script a page hydrates with
// (<link rel="modulepreload">, high priority by default), so on a slow phone connection they
// compete with the page itself for the bandwidth before the first paint; Lighthouse counts them
// as render-blocking. At low priority they still start at once, after what the page shows.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const preloadTag = '<link rel="modulepreload"';
const lowPriorityTag = '<link rel="modulepreload" fetchpriority="low"';

export function lowerModulePreloadPriority(html: string): string {
  return html.replaceAll(preloadTag, lowPriorityTag);
}

/**
 * The same on a streamed document. A chunk may end inside a tag or inside a UTF-8 character: the
 * decoder keeps split characters, and a tail that could begin the tag waits for the next chunk.
 */
export function createPreloadPriorityTransform(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const release = (text: string): string => {
    const start = text.lastIndexOf("<", text.length - 1);
    const tail = start === -1 ? "" : text.slice(start);
    const held = tail.length < preloadTag.length && preloadTag.startsWith(tail) ? tail : "";
    pending = held;
    return lowerModulePreloadPriority(text.slice(0, text.length - held.length));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, release(pending + decoder.write(chunk)));
    },
    flush(callback) {
      callback(null, lowerModulePreloadPriority(pending + decoder.end()));
    },
  });
}
