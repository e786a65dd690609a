// An address whose path does not decode answers 400 here, so no later stage has to guard its
// own decoding.
import type { NextFunction, Request, Response } from "express";
import { makeStage, type Stage } from "../stage.server";

function checkAddress(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad request: the address is not a valid URL");
  }
}

export const addressCheckStage: Stage = makeStage("address check", checkAddress);
