// Every piece of work the server does outside visitors' requests, started after boot and stopped
// on shutdown before the database closes: the mail worker, the newsletter's sign-up cleanup and its
// scheduled sends, the record of scheduled items going live and Insights' daily rollups.
import { type MailWorkerOptions, startMailWorker } from "~/capabilities/mail/mail-worker.server";
import { readContent } from "~/features/content/content-store.server";
import { startVisitRollups } from "~/features/insights/visit-rollup-job.server";
import { startNewsletterScheduler } from "~/features/newsletter/newsletter-scheduler.server";
import { startSignUpCleanup } from "~/features/newsletter/sign-up-cleanup.server";
import { startGoLiveRecorder } from "~/features/publishing/store/go-live.server";
import type { AppServices } from "~/platform/context.server";

export type BackgroundJobs = { stop: () => Promise<void> };

export function startBackgroundJobs(
  services: AppServices,
  options: MailWorkerOptions = {},
): BackgroundJobs {
  const cleanup = startSignUpCleanup(services);
  const jobs = [
    startMailWorker(services, options),
    startGoLiveRecorder(services),
    startNewsletterScheduler(services, {
      readContent: async () => (await readContent(services.db)).content,
    }),
    startVisitRollups(services),
  ];
  return {
    stop: async () => {
      cleanup.stop();
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
