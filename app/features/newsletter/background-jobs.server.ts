// Work the leads do outside visitors' requests: sending the mail outbox, and removing newsletter
// sign-ups never confirmed. Started after boot by the host, stopped on shutdown before the
// database closes.
import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import {
  type DeliveryOptions,
  deliverDueMail,
  wakeListeners,
} from "../../capabilities/mail/mail-outbox.server";
import { createSmtpSender } from "../../capabilities/mail/smtp-sender.server";
import { removeExpiredSignUps } from "./subscribers.server";

export type BackgroundJobs = { stop: () => Promise<void> };
export type BackgroundJobOptions = Pick<
  DeliveryOptions,
  "now" | "retryDelaysMs" | "maxAttempts"
> & {
  /** How often the outbox is checked for due mail (a new message also wakes the worker). */
  pollIntervalMs?: number;
};

export const defaultPollIntervalMs = 5000;
/** How often sign-ups past their confirmation window are removed. */
const signUpCleanupIntervalMs = 60 * 60_000;

export function startBackgroundJobs(
  services: AppServices,
  options: BackgroundJobOptions = {},
): BackgroundJobs {
  const cleanup = startSignUpCleanup(services);
  const mail = startMailWorker(services, options);
  return {
    stop: async () => {
      cleanup.stop();
      await mail.stop();
    },
  };
}

/** Removes unconfirmed sign-ups past their window now and then (and once at start). */
function startSignUpCleanup({ db, logger }: AppServices): { stop: () => void } {
  const run = () => {
    removeExpiredSignUps(db)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "Removed newsletter sign-ups never confirmed");
      })
      .catch((error: unknown) => logDatabaseError(logger, error, "Sign-up cleanup failed"));
  };
  const timer = setInterval(run, signUpCleanupIntervalMs);
  timer.unref();
  run();
  return { stop: () => clearInterval(timer) };
}

function startMailWorker(services: AppServices, options: BackgroundJobOptions): BackgroundJobs {
  const { config, db, logger } = services;
  if (!config.SMTP_URL || !config.MAIL_FROM) {
    logger.info(
      "Mail is not set up (SMTP_URL): contact messages are stored and shown in the admin",
    );
    return { stop: async () => {} };
  }
  const sender = createSmtpSender(config.SMTP_URL);
  const from = config.MAIL_FROM;
  const pollIntervalMs = options.pollIntervalMs ?? defaultPollIntervalMs;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  const schedule = () => {
    timer = setTimeout(runPass, pollIntervalMs);
    timer.unref();
  };

  function runPass() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = deliverDueMail(db, sender.send, {
      ...options,
      from,
      logger,
      isStopping: () => stopped,
      newsletterIntervalMs: 60_000 / config.NEWSLETTER_RATE,
    })
      .then((report) => {
        // A full pass may have left due mail (a newsletter's copies): the next pass goes at once.
        if (report.full) wokenWhileRunning = true;
      })
      .catch((error: unknown) => {
        // The database may be briefly unavailable; the next pass tries again.
        logDatabaseError(logger, error, "Mail outbox pass failed");
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          runPass();
        } else {
          schedule();
        }
      });
  }

  wakeListeners.add(runPass);
  runPass();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      wakeListeners.delete(runPass);
      await running;
      sender.close();
    },
  };
}
