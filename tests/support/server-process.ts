// The production entry (server/index.ts, on the build) as a real child process, for the fault,
// abuse and shutdown tests: what a crash, a hang or a stack trace looks like only shows there.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../../server/index.ts", import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive: () => boolean;
  kill: () => void;
};

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running = false;
      resolve(code);
    }),
  );
  // A fixed PORT is known already; with PORT=0 the server's log line says which one it got.
  const fixedPort = Number(env.PORT ?? 0);
  const port =
    fixedPort ||
    (await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"port":(\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 25);
      exited.then(() => {
        clearInterval(timer);
        reject(new Error(`server exited before listening:\n${output}`));
      });
    }));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    alive: () => running,
    kill: () => {
      if (running) child.kill("SIGKILL");
    },
  };
}

/** Log lines that carry a stack trace ("    at fn (file:line)"). */
export function findStackTraces(output: string): string[] {
  return output.split("\n").filter((line) => /\\n\s+at |^\s+at \S+ \(/.test(line));
}

/** A same-origin JSON POST, as the site's own pages send it. */
export function postJson(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
