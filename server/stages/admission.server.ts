// Admission, first of all: the request is tracked while it runs, held to its network's caps and
// refused when malformed. With the page cache the front door does this ahead of Express instead.
import type { IncomingMessage, ServerResponse } from "node:http";
import { trackWork } from "~/platform/loop-monitor.server";
import type { AdmitRequest } from "../request-caps.server";
import type { createRequestGuard } from "../request-guard.server";
import type { Stage } from "../stage.server";

/** Marks a request as under way until its response closes: a stall meanwhile names it. */
export function trackRequest(req: IncomingMessage, res: ServerResponse) {
  res.once("close", trackWork(`${req.method} ${req.url}`));
}

export function makeAdmissionStage(
  admitRequest: AdmitRequest,
  guardRequest: ReturnType<typeof createRequestGuard>,
): Stage {
  const track = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    trackRequest(req, res);
    next();
  };
  return {
    name: "admission",
    mount(app) {
      app.use(track);
      // A refused request costs nothing more, and a request goes on only once its body is in.
      app.use(admitRequest);
      // Malformed requests end here, before logging, routing or React Router sees them.
      app.use(guardRequest);
    },
  };
}
