// Removes newsletter sign-ups never confirmed, outside visitors' requests: started after boot by
// the host, stopped on shutdown before the database closes.
import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { trackWork } from "~/platform/loop-monitor.server";
import { removeExpiredSignUps } from "./subscribers.server";

/** How often sign-ups past their confirmation window are removed. */
const signUpCleanupIntervalMs = 60 * 60_000;

/** Removes unconfirmed sign-ups past their window now and then (and once at start). */
export function startSignUpCleanup({ db, logger }: AppServices): { stop: () => void } {
  const run = () => {
    const done = trackWork("job: remove unconfirmed sign-ups");
    removeExpiredSignUps(db)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "Removed newsletter sign-ups never confirmed");
      })
      .catch((error: unknown) => logDatabaseError(logger, error, "Sign-up cleanup failed"))
      .finally(done);
  };
  const timer = setInterval(run, signUpCleanupIntervalMs);
  timer.unref();
  run();
  return { stop: () => clearInterval(timer) };
}
