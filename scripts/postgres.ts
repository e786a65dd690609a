// A throwaway PostgreSQL server for the test run: initdb in a temp folder owned by the postgres
// user (initdb refuses root), on a free port, stopped and deleted afterwards.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort } from "./free-port.ts";

function hasCommand(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

export type TempPostgres = {
  url: string;
  stop: () => void;
  /** For fault tests: stop the server ("fast" or "immediate") and start it again, data kept. */
  halt: (mode: "fast" | "immediate") => void;
  restart: () => void;
  /** The postmaster's process id (its backends are its children). */
  pid: () => number;
  /** For fault tests: SIGSTOP freezes the server (it takes connections, answers nothing), SIGCONT thaws it. */
  freeze: (signal: "SIGSTOP" | "SIGCONT") => void;
};

/**
 * Starts PostgreSQL when its server programs are on the PATH; undefined otherwise. `durable`
 * keeps synchronous commits, for tests that kill the server and count what was acknowledged.
 */
export async function startTempPostgres({
  durable = false,
} = {}): Promise<TempPostgres | undefined> {
  if (!hasCommand("initdb") || !hasCommand("pg_ctl")) return undefined;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && !hasCommand("runuser")) return undefined;
  const asOwner = (args: string[]) =>
    isRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", ...args], { encoding: "utf8" })
      : spawnSync(args[0] ?? "", args.slice(1), { encoding: "utf8" });

  const dir = mkdtempSync(join(tmpdir(), "site-pg-"));
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync("chown", ["postgres", dir]);
  const data = join(dir, "data");
  const port = await findFreePort();
  const init = asOwner([
    "initdb",
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  if (init.status !== 0) {
    console.warn(`PostgreSQL tests skipped: initdb failed\n${init.stderr}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const settings = durable
    ? "-c fsync=off"
    : "-c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  const startServer = () =>
    asOwner([
      "pg_ctl",
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings}`,
      "-w",
      "start",
    ]);
  const start = startServer();
  if (start.status !== 0) {
    console.warn(`PostgreSQL tests skipped: the server did not start\n${start.stderr}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const pid = () => Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const stop = () => {
    process.off("exit", stop);
    asOwner(["pg_ctl", "-D", data, "-m", "fast", "-w", "stop"]);
    rmSync(dir, { recursive: true, force: true });
  };
  // A run that ends early (a failed step exits at once) still stops the server and removes it.
  process.on("exit", stop);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    halt: (mode) => {
      asOwner(["pg_ctl", "-D", data, "-m", mode, "-w", "stop"]);
    },
    restart: () => {
      const again = startServer();
      if (again.status !== 0) throw new Error(`PostgreSQL did not start again\n${again.stderr}`);
    },
    pid,
    freeze: (signal) => {
      // The postmaster and every backend: a server that takes connections but answers nothing.
      const children = spawnSync("pgrep", ["-P", String(pid())], { encoding: "utf8" })
        .stdout.split("\n")
        .filter(Boolean)
        .map(Number);
      for (const target of [pid(), ...children]) process.kill(target, signal);
    },
  };
}
