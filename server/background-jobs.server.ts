// Every piece of work the server does outside visitors' requests, started after boot and stopped
// on shutdown before the database closes: the mail outbox (leads) and the record of scheduled
// items going live (publishing).
import type { BackgroundJobOptions } from "~/features/newsletter/background-jobs.server";
import { startBackgroundJobs as startMailJobs } from "~/features/newsletter/background-jobs.server";
import { startGoLiveRecorder } from "~/features/publishing/store/go-live.server";
import type { AppServices } from "~/platform/context.server";

export type BackgroundJobs = { stop: () => Promise<void> };

export function startBackgroundJobs(
  services: AppServices,
  options: BackgroundJobOptions = {},
): BackgroundJobs {
  const jobs = [startMailJobs(services, options), startGoLiveRecorder(services)];
  return {
    stop: async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
