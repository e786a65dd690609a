// /r/<token>: a newsletter copy's link, answered by the host ahead of the redirect rules and
// React Router (no session, no page), with its click counted after the answer.
import type { ClickRecorder } from "~/features/newsletter/clicks/click-recorder.server";
import type { Stage } from "../stage.server";

export function makeNewsletterClicksStage(clicks: ClickRecorder): Stage {
  return {
    name: "newsletter clicks",
    mount(app) {
      // GET answers HEAD too: a scanner's HEAD is answered alike and counted as a machine's.
      app.get("/r/:token", clicks.answer);
    },
  };
}
