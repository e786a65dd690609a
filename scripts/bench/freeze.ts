// `npm run bench:freeze [-- --pg] [-- --site DIR]`: does any admin screen or visitor flood freeze
// the site? Seeds a year of traffic (freeze-seed.ts) into a fresh database, starts the built site of
// DIR (default this checkout; an older checkout's build works too), and while wrk reads the cached
// /about and a poller reads /readyz every 100 ms, opens Insights, every export, the Redirects
// screen and the 404 log, requests a 404 and imports 5,000 redirect lines. Then restarts the site,
// serves /about for 5 s and floods it for 30 s with unique 14 KB User-Agents and utm values from
// one address. Prints each step's time and the longest wait of /about and /readyz meanwhile, the
// loop delay /readyz reports, rows added and RSS growth, against the goals.
// Options: --pg (throwaway PostgreSQL), --site DIR (or BENCH_SITE), --timeout S (each request,
// default 120), --import-timeout S (default 180), --flood S (default 30), --ua-kb N (the flood's User-Agent size, default 14), --keep-log.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { findFreePorts } from "../free-port.ts";
import { startTempPostgres } from "../postgres.ts";
import { openBenchDatabase, seedDatabase, seedSizes } from "./freeze-seed.ts";
import {
  type BenchSite,
  buildRedirectCsv,
  exitOnSignals,
  hasBuild,
  signIn,
  startBenchSite,
  waitForSite,
} from "./site.ts";

const { values: options } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
    site: { type: "string", default: process.env.BENCH_SITE },
    timeout: { type: "string", default: "120" },
    "import-timeout": { type: "string", default: "180" },
    flood: { type: "string", default: "30" },
    "ua-kb": { type: "string", default: "14" },
    "keep-log": { type: "boolean", default: false },
  },
});
const siteDir = resolve(options.site ?? new URL("../../", import.meta.url).pathname);
const requestTimeoutMs = Number(options.timeout) * 1000;
const importTimeoutMs = Number(options["import-timeout"]) * 1000;
const floodSeconds = Number(options.flood);
/** The flood's User-Agent padding, in KB (14: past the server's 8 KB head, refused 431 unread). */
const floodAgentKb = Number(options["ua-kb"]);
const goals = {
  screenMs: 1000,
  importMs: 30_000,
  aboutMs: 100,
  readyMs: 200,
  rows: 1000,
  rssMb: 50,
};
/** The address the flood comes from, as a proxy on loopback (trusted by default) forwards it. */
const floodAddress = "198.51.100.23";
const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

exitOnSignals();
// Whatever happens, the run ends: every request has its timeout, and the whole run one too.
setTimeout(() => fail("bench:freeze ran past 45 minutes: stopped"), 45 * 60_000).unref();
if (!hasBuild(siteDir)) fail(`No build in ${siteDir}: run \`npm run build\` there first`, 2);
if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0)
  fail("wrk is needed (apt-get install wrk)", 2);

const folder = mkdtempSync(join(tmpdir(), "bench-freeze-"));
const logFile = join(folder, "server.log");
const children = new Set<number>();
let site: BenchSite | undefined;
process.on("exit", () => {
  site?.kill();
  for (const pid of children) signalGroup(pid, "SIGKILL");
  if (options["keep-log"] || process.exitCode) {
    const kept = join(tmpdir(), `bench-freeze-${Date.now()}.log`);
    try {
      copyFileSync(logFile, kept);
      console.log(`server log: ${kept}`);
    } catch {}
  }
  rmSync(folder, { recursive: true, force: true });
});

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {}
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(" ");

const postgres = options.pg ? await startTempPostgres() : undefined;
if (options.pg && !postgres)
  fail("PostgreSQL could not be started (initdb and pg_ctl are needed)", 2);
const databaseUrl = postgres?.url ?? `file:${join(folder, "site.db")}`;
const [port] = await findFreePorts(1);
const admin = { email: "owner@bench.example", password: `Bench-${Date.now()}-freeze` };
const boot = () => {
  site = startBenchSite({ siteDir, port: port ?? 0, databaseUrl, admin, logFile });
  return site;
};

console.log(`bench:freeze  site ${siteDir}  ${postgres ? "PostgreSQL" : "SQLite"}  load ${load()}`);

// The first start makes the schema (every migration of that checkout) and the admin.
await waitForSite(boot(), 180_000);
await site?.stop();
const db = await openBenchDatabase(databaseUrl);
let started = performance.now();
const seeded = await seedDatabase(db);
if (postgres) await db.run("analyze");
console.log(
  `seeded in ${seconds(performance.now() - started)}: ${Object.entries(seeded)
    .map(([table, rows]) => `${table} ${rows.toLocaleString("en")}`)
    .join(", ")}`,
);
started = performance.now();
await waitForSite(boot(), 600_000);
console.log(`started on the seeded data in ${seconds(performance.now() - started)}`);
const running = site as BenchSite;
const cookie = await signIn(running.url, admin);

type Probe = {
  maxMs: number;
  /** When the longest wait began, in ms after the step did: a step's setup, its work or its end. */
  maxBeganMs?: number;
  maxGapMs: number;
  loopMaxMs?: number;
  fails: number;
};

/** Reads a path every intervalMs until stopped: the longest answer and gap between answers. */
function startPoller(path: string, intervalMs: number) {
  let stopped = false;
  let current: Probe = { maxMs: 0, maxGapMs: 0, fails: 0 };
  let inFlightSince: number | undefined;
  let lastAnswer = performance.now();
  /** A wait that began in the step before counts from this step's start only. */
  let windowStart = performance.now();
  const done = (async () => {
    while (!stopped) {
      const began = performance.now();
      inFlightSince = began;
      try {
        const response = await fetch(`${running.url}${path}`, {
          signal: AbortSignal.timeout(requestTimeoutMs + importTimeoutMs),
          headers: { "accept-encoding": "gzip" },
        });
        const body = await response.text();
        if (!response.ok) current.fails++;
        const loop = path === "/readyz" ? readLoopMax(body) : undefined;
        if (loop !== undefined) current.loopMaxMs = Math.max(current.loopMaxMs ?? 0, loop);
      } catch {
        current.fails++;
      }
      const now = performance.now();
      inFlightSince = undefined;
      const waited = now - Math.max(began, windowStart);
      if (waited > current.maxMs) {
        current.maxMs = waited;
        current.maxBeganMs = Math.max(0, began - windowStart);
      }
      current.maxGapMs = Math.max(current.maxGapMs, now - Math.max(lastAnswer, windowStart));
      lastAnswer = now;
      await sleep(intervalMs);
    }
  })();
  return {
    /** The figures since the last take (a request still waiting counts as waited so far). */
    take(): Probe {
      const now = performance.now();
      const waiting = inFlightSince === undefined ? 0 : now - Math.max(inFlightSince, windowStart);
      const figures = {
        ...current,
        ...(inFlightSince !== undefined && waiting > current.maxMs
          ? { maxBeganMs: Math.max(0, inFlightSince - windowStart) }
          : {}),
        maxMs: Math.max(current.maxMs, waiting),
        maxGapMs: Math.max(current.maxGapMs, now - Math.max(lastAnswer, windowStart)),
      };
      current = { maxMs: 0, maxGapMs: 0, fails: 0 };
      windowStart = now;
      return figures;
    },
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

function readLoopMax(body: string): number | undefined {
  try {
    const max = JSON.parse(body)?.eventLoop?.maxMs;
    return typeof max === "number" ? max : undefined;
  } catch {
    return undefined;
  }
}

/** wrk in a process group of its own; its summary is read after SIGINT (or its own end). */
function startWrk(args: string[]) {
  const child = spawn("wrk", args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid) children.add(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    stop: async (): Promise<string> => {
      if (child.pid) signalGroup(child.pid, "SIGINT");
      const timer = setTimeout(() => child.pid && signalGroup(child.pid, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      if (child.pid) children.delete(child.pid);
      return output;
    },
    exited: exited.then(() => output),
  };
}

function toMs(figure: string): number {
  const [, value = "0", unit = "ms"] = /([\d.]+)(us|ms|s|m)/.exec(figure) ?? [];
  return Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? 1);
}

/** wrk's requests, longest latency, non-2xx answers and timeouts. */
function readWrk(output: string) {
  const latency = /Latency\s+\S+\s+\S+\s+(\S+)/.exec(output)?.[1];
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    maxMs: latency ? toMs(latency) : Number.NaN,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    timeouts: Number(/timeout (\d+)/.exec(output)?.[1] ?? 0),
  };
}

type WrkFigures = ReturnType<typeof readWrk>;
type Step = {
  label: string;
  ms: number;
  status: string;
  size: string;
  about: Probe;
  ready: Probe;
  /** wrk's reading of the cached page during this step alone, so a long wait has its step. */
  reader: WrkFigures;
};
const steps: Step[] = [];
const notes: string[] = [];

/** The server's warnings and errors (stalls aside) written since offset, as short text. */
function readErrorsSince(offset: number): string[] {
  const lines = readFileSync(logFile, "utf8").slice(offset).split("\n");
  return lines
    .map((line) => {
      try {
        const entry = JSON.parse(line);
        if (entry.level < 40 || entry.stallMs !== undefined) return undefined;
        return `${entry.msg ?? ""}${entry.err?.message ? `: ${entry.err.message}` : ""}`;
      } catch {
        return line.trim() ? line.trim() : undefined;
      }
    })
    .filter((line): line is string => Boolean(line))
    .slice(0, 3);
}

const about = startPoller("/about", 100);
const ready = startPoller("/readyz", 100);

/** Runs one step, with the longest waits of /about and /readyz while it ran. */
async function measure(
  label: string,
  work: () => Promise<{ status: string; size?: number }>,
  expected = /^[23]\d\d\b/,
) {
  about.take();
  ready.take();
  const reader = startWrk(readerArgs);
  const logOffset = statSync(logFile).size;
  const began = performance.now();
  let result: { status: string; size?: number };
  try {
    result = await work();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    result = { status: timedOut ? "timed out" : `failed: ${(error as Error).message}` };
  }
  const ms = performance.now() - began;
  const size = result.size === undefined ? "" : `${Math.round(result.size / 1024)} KB`;
  steps.push({
    label,
    ms,
    status: result.status,
    size,
    about: about.take(),
    ready: ready.take(),
    reader: readWrk(await reader.stop()),
  });
  if (!expected.test(result.status)) {
    const errors = readErrorsSince(logOffset);
    notes.push(
      `${label}: ${result.status}${errors.length ? ` (server: ${errors.join(" | ")})` : ""}`,
    );
  }
}

async function open(path: string, timeoutMs = requestTimeoutMs) {
  const response = await fetch(`${running.url}${path}`, {
    headers: { cookie, "accept-encoding": "gzip" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const size = (await response.arrayBuffer()).byteLength;
  return { status: String(response.status), size };
}

/** The export tables the checkout's Insights offers (older checkouts have fewer). */
function readExportTables(): string[] {
  try {
    const schema = readFileSync(join(siteDir, "app/features/insights/insights-schema.ts"), "utf8");
    const list = /insightsTableNames = \[([^\]]*)\]/.exec(schema)?.[1] ?? "";
    return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
  } catch {
    return [];
  }
}

const wrkScript = join(folder, "paced.lua");
// Each of the 4 connections waits 10 ms between answers: a steady reader, not a load test.
writeFileSync(
  wrkScript,
  'wrk.headers["Accept-Encoding"] = "gzip"\nfunction delay() return 10 end\n',
);
await open("/about");
const readerArgs = [
  "-t1",
  "-c4",
  "-d3600s",
  "--timeout",
  `${Math.ceil((requestTimeoutMs + importTimeoutMs) / 1000)}s`,
  "-s",
  wrkScript,
  `${running.url}/about`,
];

// A checkout whose Insights read daily rollups sums the seeded days in the background after its
// start: that catch-up is measured as a step, and the screens after it read the rollups.
const rolled = "select count(*) as n from visit_rolled_days";
if (
  await db.read(rolled).then(
    () => true,
    () => false,
  )
) {
  const finishedDays = seedSizes.days - 1;
  await measure(
    "rollups catch up",
    async () => ({
      status: `${await waitForCount(rolled, finishedDays, 300_000)} of ${finishedDays} days`,
    }),
    /days$/,
  );
}
for (const period of ["7d", "30d", "365d"]) {
  await measure(`Insights ${period}`, () => open(`/admin/insights?period=${period}`));
}
for (const table of readExportTables()) {
  await measure(`export ${table} 365d`, () =>
    open(`/admin/insights/export.csv?table=${table}&period=365d`),
  );
}
await measure("Redirects screen", () => open("/admin/redirects"));
await measure("404 log, page 2", () => open("/admin/redirects?missingPage=2"));
await measure("404 log, search", () => open("/admin/redirects?missing=page-12345"));
await measure(
  "a 404, and its log write",
  async () => {
    const response = await fetch(`${running.url}/no-such-page-${Date.now()}`, {
      headers: { "user-agent": browserAgent },
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    await response.arrayBuffer();
    // The log is written a few seconds later, by the site's own timer: its stall counts here.
    await sleep(7_000);
    return { status: String(response.status) };
  },
  /^404$/,
);
let importMs = Number.NaN;
await measure("import 5,000 redirect lines", async () => {
  const began = performance.now();
  const response = await fetch(`${running.url}/admin/redirects?intent=import`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: running.url,
      cookie,
    },
    body: new URLSearchParams({ csv: buildRedirectCsv("import", 5000) }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(importTimeoutMs),
  });
  const text = await response.text();
  const imported = await waitForCount(
    "select count(*) as n from redirect_rules where source like '/bench/import/%'",
    5000,
    Math.max(0, importTimeoutMs - (performance.now() - began)),
  );
  importMs = performance.now() - began;
  const said = /(\d[\d,]*) redirects? imported/.exec(text)?.[1];
  return {
    status: `${response.status}${said ? ` (${said} said, ${imported} stored)` : ` (${imported} stored)`}`,
  };
});

/** Reads a count until it reaches target or stops moving for 10 s (or timeoutMs passes). */
async function waitForCount(query: string, target: number, timeoutMs: number): Promise<number> {
  const began = performance.now();
  let last = -1;
  let still = began;
  for (;;) {
    const count = Number((await db.read(query))[0]?.n ?? 0);
    if (count >= target) return count;
    if (count !== last) {
      last = count;
      still = performance.now();
    }
    if (performance.now() - still > 10_000 || performance.now() - began > timeoutMs) return count;
    await sleep(500);
  }
}

const readerSummary = {
  requests: steps.reduce((sum, step) => sum + step.reader.requests, 0),
  // A step too short for wrk's first answer has no figure.
  maxMs: Math.max(0, ...steps.map((step) => step.reader.maxMs).filter(Number.isFinite)),
};
const aboutTotal = steps.reduce((max, step) => Math.max(max, step.about.maxMs), 0);
await about.stop();
const readyFinal = ready.take();
await ready.stop();
const readyMax = Math.max(readyFinal.maxMs, ...steps.map((step) => step.ready.maxMs));
const readyGap = Math.max(readyFinal.maxGapMs, ...steps.map((step) => step.ready.maxGapMs));
const loopMax = [readyFinal, ...steps.map((step) => step.ready)]
  .map((probe) => probe.loopMaxMs)
  .filter((figure): figure is number => figure !== undefined);
const stallLines = readFileSync(logFile, "utf8")
  .split("\n")
  .filter((line) => line.includes("Event loop stalled"));

// The flood runs on a fresh process: work a timed-out step left running (an import goes on after
// its request gave up) would slow the flood and hide what it costs.
const stopBegan = performance.now();
await running.stop(15_000);
if (performance.now() - stopBegan > 14_000) notes.push("the site took 15 s to stop: killed");
await waitForSite(boot(), 600_000);
const flooded = site as BenchSite;
const flood = await runFlood(flooded);
await flooded.stop(15_000);
const rowsAfter = await countVisitRows();
const rowsAdded = rowsAfter - flood.rowsBefore;
await db.close();

printReport();
postgres?.stop();
process.exit(0);

async function countVisitRows(): Promise<number> {
  const rows = await db.read(
    "select (select count(*) from visit_page_views) + (select count(*) from visit_entries) as n",
  );
  return Number(rows[0]?.n ?? 0);
}

function readMemory(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** 30 s of unique 14 KB User-Agents and utm values from one forwarded address. */
async function runFlood(target: BenchSite) {
  // What the flood adds to a process that has served pages, not what a process just started grows
  // to under any traffic (the first seconds of pages fill its young generation's pages).
  const serving = startWrk(["-t1", "-c4", "-d5s", `${target.url}/about`]);
  await serving.exited;
  const rowsBefore = await countVisitRows();
  await sleep(1_000);
  const rssBefore = readMemory(target.pid, "VmRSS");
  try {
    // The peak (VmHWM) from here on only.
    writeFileSync(`/proc/${target.pid}/clear_refs`, "5");
  } catch {}
  const script = join(folder, "flood.lua");
  writeFileSync(
    script,
    `local pad = string.rep("x", ${floodAgentKb} * 1024)
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local n = 0
function request()
  n = n + 1
  local tag = tostring(id) .. "-" .. tostring(n)
  local agent = "${browserAgent} Tabby/" .. tag .. " (" .. pad .. ")"
  return wrk.format("GET", "/about?utm_source=s" .. tag .. "&utm_medium=m" .. tag .. "&utm_campaign=c" .. tag,
    { ["User-Agent"] = agent, ["X-Forwarded-For"] = "${floodAddress}", ["Accept-Encoding"] = "gzip" })
end
`,
  );
  const loadBefore = load();
  const flooder = startWrk([
    "-t2",
    "-c16",
    `-d${floodSeconds}s`,
    "--timeout",
    "10s",
    "-s",
    script,
    target.url,
  ]);
  const overdue = setTimeout(() => void flooder.stop(), (floodSeconds + 30) * 1000);
  const result = readWrk(await flooder.exited);
  clearTimeout(overdue);
  const rssAfter = readMemory(target.pid, "VmRSS");
  const rssPeak = readMemory(target.pid, "VmHWM");
  return { rowsBefore, rssBefore, rssAfter, rssPeak, result, loadBefore };
}

/** The longest stalls the site logged, with the work it named. */
function readLongestStalls(count: number): string[] {
  return stallLines
    .map((line) => {
      try {
        const entry = JSON.parse(line);
        return {
          ms: Number(entry.stallMs),
          text: `${entry.stallMs} ms: ${(entry.heldBy ?? []).join(", ")}`,
        };
      } catch {
        return { ms: 0, text: "" };
      }
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((stall) => stall.text);
}

function printReport() {
  const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
  const ms = (figure: number) => (Number.isFinite(figure) ? `${Math.round(figure)} ms` : "n/a");
  console.log("");
  console.log(
    `${"step".padEnd(30)} ${"time".padStart(9)}  ${"status".padEnd(24)} ${"size".padStart(8)}  ${"/about wrk".padStart(10)}  ${"/about poll, at".padStart(17)}  ${"/readyz max".padStart(11)}`,
  );
  for (const step of steps) {
    console.log(
      `${step.label.padEnd(30)} ${seconds(step.ms).padStart(9)}  ${step.status.padEnd(24)} ${step.size.padStart(8)}  ${ms(step.reader.maxMs).padStart(10)}  ${`${ms(step.about.maxMs)}${step.about.maxBeganMs === undefined ? "" : ` @${seconds(step.about.maxBeganMs)}`}`.padStart(17)}  ${ms(step.ready.maxMs).padStart(11)}`,
    );
  }
  const screens = steps.filter((step) => !/^(import|a 404|rollups)/.test(step.label));
  const slowest = screens.reduce(
    (max, step) => (step.ms > max.ms ? step : max),
    screens[0] as Step,
  );
  const floodRss = flood.rssAfter - flood.rssBefore;
  const longestStall = stallLines
    .map((line) => Number(/"stallMs":(\d+)/.exec(line)?.[1] ?? 0))
    .reduce((max, figure) => Math.max(max, figure), 0);
  const summary: Array<[string, string, string]> = [
    [
      "slowest screen",
      `${seconds(slowest.ms)} (${slowest.label})`,
      `< 1 s: ${verdict(slowest.ms < goals.screenMs)}`,
    ],
    [
      "import of 5,000 lines",
      Number.isFinite(importMs)
        ? seconds(importMs)
        : `over ${importTimeoutMs / 1000} s (no answer by then)`,
      `< 30 s: ${verdict(importMs < goals.importMs)}`,
    ],
    [
      "cached /about longest wait",
      `${ms(Math.max(readerSummary.maxMs, aboutTotal))} (wrk ${ms(readerSummary.maxMs)} over ${readerSummary.requests} answers, poller ${ms(aboutTotal)})`,
      `< 100 ms: ${verdict(Math.max(readerSummary.maxMs, aboutTotal) < goals.aboutMs)}`,
    ],
    [
      "/readyz longest wait",
      `${ms(readyMax)} (longest gap between answers ${ms(readyGap)})`,
      `< 200 ms: ${verdict(readyMax < goals.readyMs)}`,
    ],
    [
      "loop delay max (in process)",
      loopMax.length
        ? `${ms(Math.max(...loopMax))}; ${stallLines.length} stalls over 100 ms logged, longest ${ms(longestStall)}`
        : "n/a",
      "",
    ],
    [
      `flood ${floodSeconds} s: rows added`,
      `${rowsAdded.toLocaleString("en")} (${flood.result.requests.toLocaleString("en")} requests, ${flood.result.non2xx} non-2xx)`,
      `<= 1,000: ${verdict(rowsAdded <= goals.rows)}`,
    ],
    [
      "flood: RSS growth",
      `${floodRss.toFixed(0)} MB (${flood.rssBefore.toFixed(0)} -> ${flood.rssAfter.toFixed(0)} MB, peak ${flood.rssPeak.toFixed(0)} MB)`,
      `< 50 MB: ${verdict(floodRss < goals.rssMb)}`,
    ],
  ];
  console.log("");
  for (const [label, figure, goal] of summary)
    console.log(`${label.padEnd(30)} ${figure.padEnd(70)} ${goal}`);
  console.log(
    `load average ${load()} at the end (${flood.loadBefore} before the flood); seed: ${seedSizes.pageViews.toLocaleString("en")} page views`,
  );
  for (const note of notes) console.log(`note: ${note}`);
  for (const stall of readLongestStalls(3)) console.log(`stall: ${stall}`);
}
