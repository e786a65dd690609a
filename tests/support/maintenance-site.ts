// A server as deploy/clearline-maintain sees it, in a test folder: /srv/clearline (releases, current),
// /etc/clearline/env, /var/lib/clearline and the unit folder, with tests/support/systemctl-emulator.sh
// standing in for systemd (the socket held by systemd-socket-activate). The maintenance commands
// run as the operator runs them, and visitor traffic through nginx that records every answer.
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "../../scripts/free-port.ts";
import { domain, origin, send } from "./nginx-proxy";
import { testAdmin } from "./test-site";

const root = fileURLToPath(new URL("../..", import.meta.url));
const maintain = join(root, "deploy/clearline-maintain");
const emulator = join(root, "tests/support/systemctl-emulator.sh");

/**
 * A release as a server holds it: `npm run release` of the built checkout in sourceDir (its own
 * scripts/release.ts), unpacked into intoDir, with this checkout's dependencies in place of
 * `npm ci --omit=dev` (the lockfiles match). Answers the release's folder.
 */
export function unpackRelease(sourceDir: string, intoDir: string): string {
  mkdirSync(intoDir, { recursive: true });
  const staging = mkdtempSync(join(intoDir, ".pack-"));
  const tarball = join(staging, "release.tar.gz");
  const packed = spawnSync(process.execPath, [join(sourceDir, "scripts/release.ts"), tarball], {
    cwd: sourceDir,
    encoding: "utf8",
  });
  if (packed.status !== 0) throw new Error(`release of ${sourceDir} failed:\n${packed.stderr}`);
  const unpacked = join(staging, "unpacked");
  mkdirSync(unpacked);
  const untar = spawnSync("tar", ["-xzf", tarball, "-C", unpacked], { encoding: "utf8" });
  if (untar.status !== 0) throw new Error(`tar failed:\n${untar.stderr}`);
  const [name = ""] = readdirSync(unpacked);
  const release = join(unpacked, name);
  symlinkSync(join(root, "node_modules"), join(release, "node_modules"), "dir");
  return release;
}

export type ServerFolders = {
  port: number;
  root: string;
  data: string;
  envFile: string;
  /** The environment clearline-maintain runs with on this server. */
  env: Record<string, string>;
};

/**
 * One server's folders: each release a folder under releases/ (a link to a built checkout), current
 * pointing at the first, the units of that release installed, settings with the given database.
 */
export async function makeServer(
  dir: string,
  options: {
    releases: Record<string, string>;
    current: string;
    databaseUrl: string;
    maintenanceFlag: string;
    /** The socket's port; a free one when not given. */
    port?: number;
  },
): Promise<ServerFolders> {
  const port = options.port ?? (await findFreePort());
  const srv = join(dir, "srv");
  const data = join(dir, "data");
  const units = join(dir, "units");
  const state = join(dir, "state");
  for (const folder of [join(srv, "releases"), data, units, state]) {
    mkdirSync(folder, { recursive: true });
  }
  for (const [name, folder] of Object.entries(options.releases)) {
    symlinkSync(folder, join(srv, "releases", name), "dir");
  }
  symlinkSync(join(srv, "releases", options.current), join(srv, "current"), "dir");
  const currentDir = options.releases[options.current] ?? "";
  // Releases from before the socket ship only the service.
  for (const unit of ["clearline.service", "clearline.socket"]) {
    const file = join(currentDir, "deploy/systemd", unit);
    if (existsSync(file)) copyFileSync(file, join(units, unit));
  }
  const envFile = join(dir, "env");
  writeFileSync(
    envFile,
    [
      `SITE_URL=${origin}`,
      "HOST=127.0.0.1",
      `PORT=${port}`,
      "TRUST_PROXY=loopback",
      `DATABASE_URL=${options.databaseUrl}`,
      `IMAGE_CACHE_DIR=${join(data, "images")}`,
      `UPLOADS_DIR=${join(data, "uploads")}`,
      "LOG_LEVEL=warn",
      `ADMIN_EMAIL=${testAdmin.email}`,
      `ADMIN_PASSWORD="${testAdmin.password}"`,
      "",
    ].join("\n"),
  );
  return {
    port,
    root: srv,
    data,
    envFile,
    env: {
      PATH: process.env.PATH ?? "",
      CLEARLINE_ROOT: srv,
      CLEARLINE_ENV: envFile,
      CLEARLINE_DATA: data,
      CLEARLINE_USER: "",
      CLEARLINE_SYSTEMCTL: emulator,
      CLEARLINE_UNIT_DIR: units,
      CLEARLINE_READY_URL: `http://127.0.0.1:${port}/readyz`,
      CLEARLINE_MAINTENANCE_FLAG: options.maintenanceFlag,
      EMULATOR_STATE: state,
      EMULATOR_LISTEN: `127.0.0.1:${port}`,
    },
  };
}

const commandTimeoutMs = 90_000;

export type CommandResult = {
  code: number | null;
  output: string;
  ms: number;
  /** Each step the command named ("clearline-maintain TASK: STEP"), with when it began. */
  steps: { name: string; at: number }[];
};

/** clearline-maintain TASK ARGS on a server, without blocking the test's own event loop. */
export function runMaintain(
  server: ServerFolders,
  args: string[],
  env: Record<string, string> = {},
): Promise<CommandResult> {
  const started = Date.now();
  const child = spawn("bash", [maintain, ...args], {
    env: { ...server.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // A command that hangs fails the test with what it printed, and takes its processes with it.
  const timer = setTimeout(() => {
    output += `\n(killed after ${commandTimeoutMs / 1000} s)`;
    process.kill(-(child.pid ?? 0), "SIGKILL");
  }, commandTimeoutMs);
  let output = "";
  const steps: CommandResult["steps"] = [];
  child.stdout.on("data", (chunk) => {
    output += chunk;
    for (const [, name = ""] of String(chunk).matchAll(/^clearline-maintain \S+: (.+)$/gm)) {
      steps.push({ name, at: Date.now() });
    }
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started, steps });
    });
  });
}

/** Stops the socket and the service as systemd would at shutdown. */
export function stopServer(server: ServerFolders): Promise<CommandResult> {
  const started = Date.now();
  const child = spawn("bash", [emulator, "stop", "clearline.socket", "clearline"], {
    env: server.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on("close", (code) => resolve({ code, output, ms: Date.now() - started, steps: [] }));
  });
}

export type Outcome = {
  kind: "page" | "contact" | "save";
  status: number;
  /** When it was sent (Date.now()). */
  at: number;
  /** The start of a failed answer's body, to say whose it was. */
  excerpt?: string;
  ms: number;
  error?: string;
  retryAfter?: string;
};

/**
 * About 50 requests a second through nginx: page views from 16 visitors' addresses, five contact
 * messages a second (each from an address of its own: the site allows five an address per ten
 * minutes) and an admin's save of the About title every second. A contact message answered 503
 * is not acknowledged: it is sent again a second later, as a visitor would.
 */
export function startTraffic(proxy: string, ca: string, runId: string) {
  const outcomes: Outcome[] = [];
  const acknowledged = { contacts: [] as string[], saves: [] as string[] };
  const inFlight = new Set<Promise<void>>();
  let running = true;
  let contactCount = 0;
  let addressCount = 0;
  const paths = ["/", "/about", "/services", "/blog", "/contact"];
  const userAgent =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

  async function request(
    kind: Outcome["kind"],
    path: string,
    options: Parameters<typeof send>[1] = {},
  ) {
    const started = Date.now();
    try {
      const answer = await send(`${proxy}${path}`, {
        ...options,
        ca,
        timeoutMs: 35_000,
        headers: { host: domain, "user-agent": userAgent, ...options.headers },
      });
      const retryAfter = answer.headers["retry-after"];
      outcomes.push({
        kind,
        at: started,
        status: answer.status,
        ms: Date.now() - started,
        retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
        excerpt: answer.status >= 500 ? answer.body.toString().slice(0, 160) : undefined,
      });
      return answer;
    } catch (error) {
      outcomes.push({
        kind,
        at: started,
        status: 0,
        ms: Date.now() - started,
        error: (error as Error).message,
      });
      return undefined;
    }
  }

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  async function sendContact(id: string) {
    addressCount++;
    const from = `127.1.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
    const body = Buffer.from(
      JSON.stringify({
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "+1 (512) 555-0100",
        company: "Acme Dental",
        message: `Please call me about ${id}.`,
      }),
    );
    const answer = await request("contact", "/api/contact", {
      method: "POST",
      from,
      body,
      headers: { "content-type": "application/json", origin },
    });
    if (answer?.status === 201) acknowledged.contacts.push(id);
    else if (answer?.status === 503 && running) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await sendContact(id);
    }
  }

  let tick = 0;
  const timer = setInterval(() => {
    tick++;
    if (tick % 10 === 5) {
      contactCount++;
      track(sendContact(`${runId}-message-${contactCount}`));
    } else {
      const from = `127.0.2.${(tick % 16) + 1}`;
      track(request("page", paths[tick % paths.length] ?? "/", { from }).then(() => undefined));
    }
  }, 20);

  async function saveLoop(cookie: string) {
    for (let n = 1; running; n++) {
      const next = new Promise((resolve) => setTimeout(resolve, 1_000));
      const current = await request("save", "/api/content", { headers: { cookie } });
      const etag = current?.headers.etag;
      if (current?.status === 200 && typeof etag === "string") {
        const content = JSON.parse(current.body.toString()) as {
          about: Record<string, unknown>;
        };
        const title = `About us, ${runId} save ${n}`;
        const saved = await request("save", "/api/content", {
          method: "POST",
          body: Buffer.from(JSON.stringify({ content: { about: { ...content.about, title } } })),
          headers: { "content-type": "application/json", origin, cookie, "if-match": etag },
        });
        if (saved?.status === 200) acknowledged.saves.push(title);
      }
      await next;
    }
  }

  let saver: Promise<void> = Promise.resolve();
  return {
    outcomes,
    acknowledged,
    /** Signs the admin in through nginx and saves every second from then on. */
    async startSaving() {
      const login = await send(`${proxy}/api/admin/login`, {
        method: "POST",
        ca,
        body: Buffer.from(JSON.stringify(testAdmin)),
        headers: { host: domain, "content-type": "application/json", origin },
      });
      const cookie = [login.headers["set-cookie"] ?? []]
        .flat()
        .find((value) => /^(__Host-)?session=/.test(value))
        ?.split(";")[0];
      if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: ${login.status}`);
      saver = saveLoop(cookie);
    },
    async stop() {
      running = false;
      clearInterval(timer);
      await saver;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/**
 * Counts of answers by status ("0" for a request that got none), the 99th percentile, and the
 * failed answers (5xx or none) by the step of a maintenance command under way, and otherwise.
 */
export function summarize(outcomes: Outcome[], commands: CommandResult[] = []) {
  const failed = outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500);
  // Each failed answer counted against the step under way when it was sent.
  const byStep: Record<string, number> = {};
  let failedDuringCommands = 0;
  for (const outcome of failed) {
    for (const command of commands) {
      const step = command.steps.findLast((candidate) => candidate.at <= outcome.at);
      const end = (command.steps[0]?.at ?? 0) + command.ms;
      if (!step || outcome.at > end) continue;
      const name = step.name.replace(/ (to|back to) \S+$/, "");
      byStep[name] = (byStep[name] ?? 0) + 1;
      failedDuringCommands++;
      break;
    }
  }
  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) {
    byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
  }
  const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0;
  const max = times.at(-1) ?? 0;
  const errors = [...new Set(outcomes.flatMap((outcome) => outcome.error ?? []))];
  const failures = [
    ...new Set(
      outcomes.flatMap((outcome) =>
        outcome.excerpt ? `${outcome.kind} ${outcome.status}: ${outcome.excerpt}` : [],
      ),
    ),
  ].slice(0, 5);
  return {
    total: outcomes.length,
    byStatus,
    p99,
    max,
    errors,
    failures,
    failedDuringCommands,
    failedOtherwise: failed.length - failedDuringCommands,
    failedByStep: byStep,
  };
}
