// /healthz (can this instance serve: database, disk) and /readyz (should it take traffic now:
// shutting down, overloaded, event loop late), answered by the host itself, never cached.
import type { Request, Response } from "express";
import { getImageCacheDir } from "~/platform/config.server";
import type { AppServices } from "~/platform/context.server";
import { runWithDatabasePriority } from "~/platform/db/priority-lane.server";
import { databaseRetryAfterSeconds } from "~/platform/db/unavailable.server";
import type { LoopMonitor } from "~/platform/loop-monitor.server";
import type { LoadShedder } from "~/platform/overload.server";
import { checkHealth, checkReadiness } from "../health.server";
import { isShuttingDown } from "../serving.server";
import type { Stage } from "../stage.server";

export function makeHealthStage(
  { config, db, logger }: AppServices,
  shedder: LoadShedder,
  loopDelay: LoopMonitor,
): Stage {
  const answerHealth = async (_req: Request, res: Response) => {
    const report = await runWithDatabasePriority(() =>
      checkHealth(db, getImageCacheDir(config), config.DATABASE_URL),
    );
    res.setHeader("Cache-Control", "no-store");
    if (report.ok) return res.json({ status: "ok", checks: report.checks });
    const failed = Object.keys(report.checks).filter((name) => report.checks[name] !== "ok");
    logger.warn({ checks: report.checks }, "Health check failed");
    res.setHeader("Retry-After", String(databaseRetryAfterSeconds));
    res.status(503).json({
      status: "unavailable",
      message: `Failing: ${failed.join(", ")}`,
      checks: report.checks,
    });
  };
  const answerReadiness = async (_req: Request, res: Response) => {
    const report = await runWithDatabasePriority(() =>
      checkReadiness(db, isShuttingDown(), shedder.state()),
    );
    res.setHeader("Cache-Control", "no-store");
    res.status(report.ok ? 200 : 503).json({
      status: report.ok ? "ready" : "not ready",
      checks: report.checks,
      overload: report.overload,
      eventLoop: loopDelay.read(),
    });
  };
  return {
    name: "health",
    mount(app) {
      app.get("/healthz", answerHealth);
      app.get("/readyz", answerReadiness);
    },
  };
}
