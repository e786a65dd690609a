// Real server processes (server/index.ts on the production build) for tests that need more than
// one server on one database, as a multi-server set-up runs them: a known port and SITE_URL, quiet
// logs, started once /healthz answers.
import { request } from "node:http";
import { defaultContent } from "~/features/content/default-content";
import { findFreePort } from "../../scripts/free-port.ts";
import { type ServerProcess, startServerProcess } from "./server-process";
import { testAdmin } from "./test-site";

export type SiteProcess = ServerProcess & {
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<void>;
};

/** Starts one server process on a free port and resolves once it answers /healthz. */
export async function startSiteProcess(env: Record<string, string>): Promise<SiteProcess> {
  const port = await findFreePort();
  const server = await startServerProcess({
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    ...env,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!server.alive()) throw new Error(`server exited before answering:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server never answered:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    ...server,
    stop: async () => {
      if (server.alive()) server.child.kill("SIGTERM");
      await server.exited;
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

/** One request on a connection of its own, so a dead worker's kept-alive socket is never reused. */
export function requestOnNewConnection(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, connection: "close" };
    const req = request(url, { method: options.method ?? "GET", agent: false, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
