// Work the server does outside visitors' requests: today, sending the mail outbox. Started after
// boot by server/index.ts and scripts/dev.ts, stopped on shutdown before the database closes.
import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { type DeliveryOptions, deliverDueMail } from "./mail/mail-outbox.server";
import { createSmtpSender } from "./mail/smtp-sender.server";

export type BackgroundJobs = { stop: () => Promise<void> };
export type BackgroundJobOptions = Pick<
  DeliveryOptions,
  "now" | "retryDelaysMs" | "maxAttempts"
> & {
  /** How often the outbox is checked for due mail (a new message also wakes the worker). */
  pollIntervalMs?: number;
};

export const defaultPollIntervalMs = 5000;

const wakeListeners = new Set<() => void>();

/** Tells the mail worker there is new mail, so it need not wait for its next check. */
export function wakeMailWorker(): void {
  for (const wake of wakeListeners) setImmediate(wake);
}

export function startBackgroundJobs(
  services: AppServices,
  options: BackgroundJobOptions = {},
): BackgroundJobs {
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
    })
      .then(() => undefined)
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
