// Real server processes (server/index.ts on the production build) for tests that need more than
// one server on one database, as a multi-server set-up runs them.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { defaultContent } from "~/content/default-content";
import { testAdmin } from "./test-site";

const entry = fileURLToPath(new URL("../../server/index.ts", import.meta.url));

export type SiteProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

export function findFreePort(): Promise<number> {
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

/** Starts one server process on a free port and resolves once it answers /healthz. */
export async function startSiteProcess(env: Record<string, string>): Promise<SiteProcess> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      LOG_LEVEL: "warn",
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
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited before answering:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server never answered:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Signs the test admin in through the API; siteUrl is the Origin the server expects. */
export async function logIn(site: SiteProcess, siteUrl: string): Promise<string> {
  const response = await fetch(`${site.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: siteUrl },
    body: JSON.stringify(testAdmin),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("session="))
    ?.split(";")[0];
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

/** Saves a new About page title through the content API, as the editor does. */
export async function saveAbout(
  site: SiteProcess,
  cookie: string,
  title: string,
  siteUrl: string,
): Promise<void> {
  const current = await fetch(`${site.url}/api/content`);
  const response = await fetch(`${site.url}/api/content`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: siteUrl,
      cookie,
      "if-match": current.headers.get("etag") ?? "",
    },
    body: JSON.stringify({ content: { about: { ...defaultContent.about, title } } }),
  });
  if (response.status !== 200) throw new Error(`save failed: ${response.status}`);
}
