// The built site as the benchmarks run it: started as `npm start` ends up starting it (node
// server/index.ts in a checkout, production, one process), signed in as its first admin, and a
// redirect CSV of any length to import.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, openSync } from "node:fs";
import { join } from "node:path";

export type BenchSite = {
  url: string;
  /** The server's process id (it serves in this very process: WEB_CONCURRENCY=1). */
  pid: number;
  process: ChildProcess;
  /** SIGTERM, then SIGKILL after graceMs: resolves once the process is gone. */
  stop: (graceMs?: number) => Promise<void>;
  /** SIGKILL to its process group, at once (for exit handlers). */
  kill: () => void;
};

export type BenchSiteOptions = {
  /** The checkout whose build is served. */
  siteDir: string;
  port: number;
  databaseUrl: string;
  admin: { email: string; password: string };
  /** Where the server's output goes; inherited when absent. */
  logFile?: string;
  env?: Record<string, string>;
};

export function hasBuild(siteDir: string): boolean {
  return existsSync(join(siteDir, "build/server/index.js"));
}

/** Starts the built site of siteDir in a process group of its own, so nothing it starts outlives it. */
export function startBenchSite(options: BenchSiteOptions): BenchSite {
  const url = `http://127.0.0.1:${options.port}`;
  const output = options.logFile ? openSync(options.logFile, "a") : "inherit";
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: options.siteDir,
    detached: true,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      SITE_URL: url,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
      ...options.env,
    },
    stdio: ["ignore", output, output],
  });
  const pid = child.pid ?? 0;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return {
    url,
    pid,
    process: child,
    kill: () => signalGroup("SIGKILL"),
    stop: async (graceMs = 10_000) => {
      signalGroup("SIGTERM");
      const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once /readyz answers 200; throws when the process exits or timeoutMs passes. */
export async function waitForSite(site: BenchSite, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (site.process.exitCode !== null) throw new Error("The site exited while starting");
    try {
      const response = await fetch(`${site.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The site never answered within ${timeoutMs / 1000} s`);
}

/** The admin's session cookie ("session=..."), from the sign-in API. */
export async function signIn(
  url: string,
  admin: { email: string; password: string },
): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(admin),
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith("session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`Sign-in failed: ${login.status}`);
  return cookie;
}

/** A CSV of `count` rules from `/bench/<batch>/<n>`: most to a page, some prefixes, some away. */
export function buildRedirectCsv(batch: string, count: number): string {
  const lines = ["source,target,status,match"];
  for (let n = 0; n < count; n++) {
    if (n % 10 === 0) lines.push(`/bench/${batch}/folder-${n},/services,301,prefix`);
    else if (n % 7 === 0) lines.push(`/bench/${batch}/${n},https://example.com/${batch}/${n},302,`);
    else lines.push(`/bench/${batch}/${n},/contact,301,`);
  }
  return lines.join("\n");
}

/**
 * Ctrl-C and SIGTERM end the run through process.exit, so every "exit" handler (the ones that
 * kill the site, wrk and PostgreSQL, whose process groups are not the terminal's) still runs.
 */
export function exitOnSignals(): void {
  process.once("SIGINT", () => process.exit(130));
  process.once("SIGTERM", () => process.exit(143));
}
