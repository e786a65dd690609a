// The mail worker: sends the outbox's due mail outside visitors' requests, started after boot by the
// host and stopped on shutdown before the database closes.
import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { trackWork } from "~/platform/loop-monitor.server";
import { type DeliveryOptions, deliverDueMail, wakeListeners } from "./mail-outbox.server";
import { createSmtpSender } from "./smtp-sender.server";

export type MailWorkerOptions = Pick<DeliveryOptions, "now" | "retryDelaysMs" | "maxAttempts"> & {
  /** How often the outbox is checked for due mail (a new message also wakes the worker). */
  pollIntervalMs?: number;
};

export const defaultPollIntervalMs = 5000;

/**
 * Sends the outbox's due mail: at start, every pollIntervalMs, and at once when sendMail wakes it.
 * Without SMTP_URL and MAIL_FROM it does nothing (the mail stays in the outbox).
 */
export function startMailWorker(
  services: AppServices,
  options: MailWorkerOptions = {},
): { stop: () => Promise<void> } {
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
    const done = trackWork("job: send the outbox's mail");
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
        done();
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
