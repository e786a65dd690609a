// The overload answer, from the page cache's miss path and the host's guard alike.
import type { ServerResponse } from "node:http";

const busyMessage = "The site is very busy right now. Please try again in a moment.";

/** The overload answer: short, uncached, with the time to wait; JSON for the API. */
export function sendBusy(res: ServerResponse, retryAfterSeconds: number, path = "") {
  const json = path.startsWith("/api/");
  const body = json ? JSON.stringify({ message: busyMessage }) : busyMessage;
  res.writeHead(503, {
    "content-type": json ? "application/json" : "text/plain; charset=utf-8",
    "retry-after": String(retryAfterSeconds),
    "cache-control": "no-store",
    "content-length": String(Buffer.byteLength(body)),
  });
  res.end(body);
}
