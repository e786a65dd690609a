// The production entry (server/index.ts, on the build) as a real child process, for the fault,
// abuse and shutdown tests: what a crash, a hang or a stack trace looks like only shows there.
import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { makeOwnSiteFolders } from "./databases";

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

export type SpawnedServer = Omit<ServerProcess, "port" | "url"> & {
  /** The port once the server listens; rejects if it exits first. */
  listening: Promise<number>;
};

/** Everything a child process writes to stdout and stderr, as one text so far. */
export function collectOutput(child: ChildProcess): () => string {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return () => output;
}

/**
 * Spawns the entry (this checkout's, or another copy's such as an unpacked release) and returns
 * at once, for tests that expect it to fail as well as serve.
 */
export function spawnServer(
  env: Record<string, string>,
  { entry: file = entry, cwd }: { entry?: string; cwd?: string } = {},
): SpawnedServer {
  const folders = makeOwnSiteFolders(env);
  const child = spawn(process.execPath, [file], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: "0",
      // The test run's compiled-code cache (npm test sets it), so each start skips recompiling.
      ...(process.env.NODE_COMPILE_CACHE
        ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
        : {}),
      ...folders.env,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running = false;
      folders.remove();
      resolve(code);
    }),
  );
  // A fixed PORT is known already; with PORT=0 the server's log line says which one it got.
  const fixedPort = Number(env.PORT ?? 0);
  const listening = fixedPort
    ? Promise.resolve(fixedPort)
    : new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /"port":(\d+)/.exec(output());
          if (match) {
            clearInterval(timer);
            resolve(Number(match[1]));
          }
        }, 25);
        exited.then(() => {
          clearInterval(timer);
          reject(new Error(`server exited before listening:\n${output()}`));
        });
      });
  // A server expected to fail never listens; only callers that await this see the rejection.
  listening.catch(() => {});
  return {
    child,
    output,
    exited,
    listening,
    alive: () => running,
    kill: () => {
      if (running) child.kill("SIGKILL");
    },
  };
}

export async function startServerProcess(
  env: Record<string, string>,
  options: { entry?: string; cwd?: string } = {},
): Promise<ServerProcess> {
  const { listening, ...server } = spawnServer(env, options);
  const port = await listening;
  return { ...server, port, url: `http://127.0.0.1:${port}` };
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

/** A raw connection that has sent the start of a request; the test sends the rest. */
export async function openRawRequest(port: number, start: string) {
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(start);
  return { socket, closed, answer: () => answer };
}

/** Sends raw bytes and returns the status code of the answer (0 when the socket just closed). */
export function sendRaw(port: number, request: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(request.split("\r\n")[0])}`));
    });
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
    socket.write(request);
  });
}
