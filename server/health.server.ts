// /healthz: the database answers a read and takes a write, the image cache folder is writable and
// the disks have room. /readyz: tells a load balancer to stop sending traffic while the server
// shuts down or cannot read its database.
import { constants } from "node:fs";
import { access, mkdir, statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { withDeadline } from "~/platform/db/circuit.server";
import type { Db } from "~/platform/db/tables.server";
import { describeDatabaseError } from "~/platform/db/unavailable.server";
import type { OverloadState } from "~/platform/overload.server";

/**
 * Free space below which a disk fails the check: a few stored originals (photos are scaled down on
 * arrival) and SQLite's journal. Below it uploads and writes start failing with "disk full".
 */
export const minFreeDiskBytes = 8 * 1024 * 1024;

/** Longest a check may take (ADR 036): a health check that hangs is worse than one that says no. */
export const healthCheckTimeoutMs = 1500;

export type HealthReport = {
  ok: boolean;
  checks: Record<string, string>;
};

/** "ok", or "failed: " and why. The time limit counts only time the process could listen. */
async function runCheck(check: () => Promise<unknown>): Promise<string> {
  try {
    await withDeadline(check(), healthCheckTimeoutMs, "The check");
    return "ok";
  } catch (error) {
    return `failed: ${describeDatabaseError(error)}`;
  }
}

function toReport(checks: Record<string, string>): HealthReport {
  return { ok: Object.values(checks).every((value) => value === "ok"), checks };
}

async function readDatabase(db: Db): Promise<void> {
  await db.selectFrom("health_checks").select("name").limit(1).execute();
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Fails when the file system holding folder has less than minFreeDiskBytes for us. */
async function checkFreeSpace(folder: string): Promise<void> {
  // bavail, not bfree: the blocks an unprivileged process may still use.
  const { bavail, bsize } = await statfs(folder);
  const free = bavail * bsize;
  if (free < minFreeDiskBytes) {
    throw new Error(
      // No path: /healthz is public, and the check's name says which disk.
      `only ${formatMegabytes(free)} free, at least ${formatMegabytes(minFreeDiskBytes)} needed`,
    );
  }
}

/** The SQLite file's folder; undefined for PostgreSQL (its disk is its server's to watch). */
function getSqliteFolder(databaseUrl: string): string | undefined {
  const path = /^file:(.+)$/.exec(databaseUrl)?.[1];
  return path && path !== ":memory:" ? dirname(resolve(path)) : undefined;
}

/**
 * Reads, writes one tiny row, checks the image cache folder and the free space of the disks it and
 * the SQLite file live on, all at once.
 */
export async function checkHealth(
  db: Db,
  imageCacheDir: string,
  databaseUrl: string,
): Promise<HealthReport> {
  const sqliteFolder = getSqliteFolder(databaseUrl);
  const [databaseRead, databaseWrite, imageCache, imageCacheDiskSpace, databaseDiskSpace] =
    await Promise.all([
      runCheck(() => readDatabase(db)),
      runCheck(async () => {
        const now = new Date().toISOString();
        await db
          .insertInto("health_checks")
          .values({ name: "healthz", checked_at: now })
          .onConflict((conflict) => conflict.column("name").doUpdateSet({ checked_at: now }))
          .execute();
      }),
      runCheck(async () => {
        await mkdir(imageCacheDir, { recursive: true });
        await access(imageCacheDir, constants.W_OK);
      }),
      runCheck(async () => {
        await mkdir(imageCacheDir, { recursive: true });
        await checkFreeSpace(imageCacheDir);
      }),
      sqliteFolder ? runCheck(() => checkFreeSpace(sqliteFolder)) : undefined,
    ]);
  return toReport({
    databaseRead,
    databaseWrite,
    imageCache,
    imageCacheDiskSpace,
    ...(databaseDiskSpace ? { databaseDiskSpace } : {}),
  });
}

/**
 * Ready for traffic: not shutting down, the overload guard not stuck (work in flight and none
 * finished for half a minute: a process to restart), and the database answers a read.
 */
export async function checkReadiness(
  db: Db,
  shuttingDown: boolean,
  overload: OverloadState,
): Promise<HealthReport & { overload: OverloadState }> {
  const report = toReport({
    accepting: shuttingDown ? "failed: shutting down" : "ok",
    overload: overload.stuck
      ? `failed: ${overload.inFlight} requests in flight and none finished for ${Math.round(overload.stalledMs / 1000)} s`
      : "ok",
    databaseRead: await runCheck(() => readDatabase(db)),
  });
  return { ...report, overload };
}
