// Whether the client of a response has gone (reset, closed, timed out): work done for it after
// that is thrown away, so costly steps (a render, a compression, an image size) check first.
import type { ServerResponse } from "node:http";

export function isClientGone(res: ServerResponse): boolean {
  return res.closed || res.destroyed || res.socket?.destroyed === true;
}
