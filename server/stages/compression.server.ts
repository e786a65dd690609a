// Answers compressed for the browsers that take it; a client that has gone gets no compression
// of the answer nobody will read.
import compression from "compression";
import { isClientGone } from "~/platform/http/client-gone.server";
import { makeStage, type Stage } from "../stage.server";

export function makeCompressionStage(): Stage {
  return makeStage(
    "compression",
    compression({ filter: (req, res) => !isClientGone(res) && compression.filter(req, res) }),
  );
}
