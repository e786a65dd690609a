// A throwaway PostgreSQL server for the test run: initdb in a temp folder owned by the postgres
// user (initdb refuses root), on a free port, stopped and deleted afterwards.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function hasCommand(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export type TempPostgres = { url: string; stop: () => void };

/** Starts PostgreSQL when its server programs are on the PATH; undefined otherwise. */
export async function startTempPostgres(): Promise<TempPostgres | undefined> {
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
  const port = await freePort();
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
  const start = asOwner([
    "pg_ctl",
    "-D",
    data,
    "-l",
    join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "-w",
    "start",
  ]);
  if (start.status !== 0) {
    console.warn(`PostgreSQL tests skipped: the server did not start\n${start.stderr}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asOwner(["pg_ctl", "-D", data, "-m", "fast", "-w", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
