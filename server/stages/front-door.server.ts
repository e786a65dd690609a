// The front door, ahead of Express when the page cache is on: caps, the request guard, then a
// page or image size held in memory answers in a few microseconds instead of Express's whole
// stack, and a newsletter link's redirect after one indexed read. Anything else goes on into the
// stages.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, Response } from "express";
import type { createVariantHandler } from "~/capabilities/media/image-variants.server";
import type { ClickRecorder } from "~/features/newsletter/clicks/click-recorder.server";
import type { PageCache } from "~/platform/page-cache/page-cache.server";
import type { AdmitRequest } from "../request-caps.server";
import type { createRequestGuard } from "../request-guard.server";
import { isShuttingDown } from "../serving.server";
import { trackRequest } from "./admission.server";

export type RequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: NextFunction,
) => void;

export function createFrontDoor(parts: {
  admitRequest: AdmitRequest;
  guardRequest: ReturnType<typeof createRequestGuard>;
  variants: ReturnType<typeof createVariantHandler>;
  clicks: ClickRecorder;
  pageCache: PageCache;
  app: Express;
}): RequestListener {
  const { admitRequest, guardRequest, variants, clicks, pageCache, app } = parts;
  // The request guard still comes first: a bad Host or method never gets a cached page.
  const serveSite: RequestListener = (req, res, next) => {
    guardRequest(req, res, () => {
      const goOn = () => {
        // Only work past the cache is tracked: a hit is a copy from memory that cannot stall the
        // loop, and tracking it cost the hit path a tenth of its throughput.
        trackRequest(req, res);
        if (next) app(req as Request, res as Response, next);
        else app(req, res);
      };
      // A cache hit during shutdown closes its keep-alive connection too.
      if (isShuttingDown()) res.setHeader("Connection", "close");
      // Sizes of uploaded images held in memory, answered the same way.
      if (variants.serveFromMemory(req, res)) return;
      const served = clicks.answerFromFrontDoor(req, res) || pageCache.serveFromStore(req, res);
      if (served === true) return;
      if (served === false) return goOn();
      served.then((done) => done || goOn(), goOn);
    });
  };
  // Per-network caps first thing: a refused request costs nothing more.
  return (req, res, next) => {
    admitRequest(req, res, () => serveSite(req, res, next));
  };
}
