// The last stage: an error no stage answered becomes a short JSON answer. A malformed URL or a
// request Express itself refuses gets its 4xx, never a 500 page; a database outage the 503.
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/unavailable.server";
import type { Stage } from "../stage.server";

export function sendJsonError(res: Response, status: number, message: string) {
  res.status(status).type("application/json").send(JSON.stringify({ message }));
}

export function makeErrorsStage(logger: Logger): Stage {
  const answerError = (
    error: Error & { status?: number },
    req: Request,
    res: Response,
    _next: NextFunction,
  ) => {
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(logger, error, { method: req.method, url: req.originalUrl });
      if (res.headersSent) return res.end();
      res.setHeader("Retry-After", String(databaseRetryAfterSeconds));
      return sendJsonError(res, 503, databaseUnavailableMessage);
    }
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error }, "Unhandled request error");
    if (res.headersSent) return res.end();
    sendJsonError(res, status, status === 500 ? "Something went wrong" : "Bad request");
  };
  return { name: "errors", mount: (app) => app.use(answerError) };
}
