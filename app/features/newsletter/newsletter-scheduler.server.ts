// The newsletter's tick outside visitors' requests: sends the scheduled issues whose time has come
// and marks addresses that keep bouncing. Started after boot by the host, stopped on shutdown
// before the database closes; every process runs one, and the claims keep each send single.
import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { trackWork } from "~/platform/loop-monitor.server";
import { markBouncedSubscribers } from "./bounces.server";
import { type FrameContent, toNewsletterFrame } from "./email.server";
import { sendDueNewsletters } from "./newsletter-schedule.server";

/** Often enough that an issue leaves well within a minute of its time; idle, two indexed reads. */
export const newsletterTickMs = 10_000;

/**
 * Ticks until stopped. `readContent` gives the site content the copies are framed with (the host
 * passes the content store's reader: the newsletter does not reach into it).
 */
export function startNewsletterScheduler(
  { db, logger, config }: AppServices,
  {
    readContent,
    tickMs = newsletterTickMs,
  }: { readContent: () => Promise<FrameContent>; tickMs?: number },
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  const readFrame = async () => toNewsletterFrame(config.SITE_URL, await readContent());

  const tick = () => {
    if (stopped) return;
    running = (async () => {
      const done = trackWork("job: send scheduled newsletters");
      try {
        const sent = await sendDueNewsletters(db, readFrame);
        if (sent > 0) logger.info({ sent }, "Sent scheduled newsletters");
        const bounced = await markBouncedSubscribers(db);
        if (bounced.length > 0) logger.info({ bounced: bounced.length }, "Subscribers bounced");
      } catch (error) {
        // The database may be briefly away: the next tick claims what is still due.
        logDatabaseError(logger, error, "Newsletter schedule tick failed");
      } finally {
        done();
      }
      if (stopped) return;
      timer = setTimeout(tick, tickMs);
      timer.unref();
    })();
  };

  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
