// Rolls Insights' finished days up in the background: at start (the backlog after an upgrade) and
// then every few minutes, a day per step; started after boot by the host, stopped on shutdown.
import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { trackWork } from "~/platform/loop-monitor.server";
import { readSiteTimeZone } from "~/platform/settings.server";
import { createDayReader } from "~/platform/visits/visit-days";
import { rollUpFinishedDays } from "./visit-rollups.server";

/** How often finished days are looked for: a day is done once, so the pace is no matter. */
const rollupIntervalMs = 10 * 60_000;

export function startVisitRollups(
  { db, logger }: Pick<AppServices, "db" | "logger">,
  { intervalMs = rollupIntervalMs, now = Date.now } = {},
): { stop: () => Promise<void> } {
  const readDay = createDayReader();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      if (stopped) return;
      const done = trackWork("job: roll up visit days");
      try {
        const today = readDay(now(), await readSiteTimeZone(db));
        const rolled = await rollUpFinishedDays(db, today, () => stopped);
        if (rolled > 0) logger.info({ rolled }, "Rolled up Insights' finished days");
      } catch (error) {
        logDatabaseError(logger, error, "Rolling up Insights' finished days failed");
      } finally {
        done();
      }
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
