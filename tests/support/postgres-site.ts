// The production server as a child process on a throwaway PostgreSQL, signed in as its admin: for
// the tests that stop, freeze and restart the database under it.
import { spawnSync } from "node:child_process";
import { startTempPostgres, type TempPostgres } from "../../scripts/postgres";
import { postJson, type ServerProcess, startServerProcess } from "./server-process";

/** PostgreSQL's server programs are optional (README): without them these suites do not run. */
export const hasPostgresPrograms = ["initdb", "pg_ctl"].every(
  (command) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0,
);

export type PostgresSite = { postgres: TempPostgres; server: ServerProcess; cookie: string };

export async function startPostgresSite(admin: {
  email: string;
  password: string;
}): Promise<PostgresSite> {
  const postgres = await startTempPostgres({ durable: true });
  if (!postgres) throw new Error("PostgreSQL's programs are installed but it did not start");
  const server = await startServerProcess({
    DATABASE_URL: postgres.url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  // A server still busy starting on a loaded machine sheds with 503 and Retry-After: try again,
  // as a browser's admin would.
  let login = await postJson(server.url, "/api/admin/login", admin);
  for (let attempt = 1; login.status === 503 && attempt < 10; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    login = await postJson(server.url, "/api/admin/login", admin);
  }
  if (login.status !== 200) throw new Error(`The admin could not sign in (${login.status})`);
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  return { postgres, server, cookie };
}

/** Stops the server and the database, thawing it first if a test left it frozen. */
export function stopPostgresSite(site: PostgresSite | undefined): void {
  if (!site) return;
  site.server.kill();
  try {
    site.postgres.freeze("SIGCONT");
  } catch {
    // Not frozen, or already stopped.
  }
  site.postgres.stop();
}
