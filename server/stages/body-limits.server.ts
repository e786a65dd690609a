// A body over its cap is refused with 413, one of unstated length with 411, before anything
// reads it.
import type { NextFunction, Request, Response } from "express";
import { maxUploadBodyBytes } from "~/capabilities/media/image-rules";
import { makeStage, type Stage } from "../stage.server";
import { sendJsonError } from "./errors.server";

/** Largest request body accepted; the content editor's saves are the biggest bodies we take. */
export const maxBodyBytes = 1024 * 1024;

function limitBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = Number(req.headers["content-length"] ?? 0);
  // Image uploads (up to 25 MB) are the one larger body; the endpoint checks the file itself.
  const cap = req.path === "/api/admin/images" ? maxUploadBodyBytes : maxBodyBytes;
  if (length > cap) return sendJsonError(res, 413, "The request is too large");
  if (req.headers["transfer-encoding"] && !req.headers["content-length"]) {
    return sendJsonError(res, 411, "The request must say how long its body is");
  }
  next();
}

export const bodyLimitsStage: Stage = makeStage("body limits", limitBody);
