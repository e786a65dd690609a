// The redirects at scale: starts the built site on a fresh database (SQLite, or with --postgres a
// throwaway PostgreSQL server), imports 1,000 lines into the empty table, seeds
// 10,000 rules, imports 200 and then 5,000 lines against them, opens the Redirects screen and
// saves one rule, while a poller reads the cached /about page. Prints each step's time and the
// longest the cached page waited meanwhile. Run `npm run build` first:
//   node scripts/bench/redirects.ts [--postgres]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort } from "../free-port.ts";
import { startTempPostgres } from "../postgres.ts";
import {
  buildRedirectCsv,
  exitOnSignals,
  hasBuild,
  signIn,
  startBenchSite,
  waitForSite,
} from "./site.ts";

const root = new URL("../../", import.meta.url).pathname;
exitOnSignals();
if (!hasBuild(root)) {
  console.error("No build: run `npm run build` first");
  process.exit(2);
}

const postgres = process.argv.includes("--postgres") ? await startTempPostgres() : undefined;
if (process.argv.includes("--postgres") && !postgres) {
  console.error("PostgreSQL could not be started (initdb and pg_ctl are needed)");
  process.exit(2);
}

const folder = mkdtempSync(join(tmpdir(), "bench-redirects-"));
const admin = { email: "owner@bench.example", password: `Bench-${Date.now()}-password` };
const server = startBenchSite({
  siteDir: root,
  port: await findFreePort(),
  databaseUrl: postgres?.url ?? `file:${join(folder, "site.db")}`,
  admin,
});
const site = server.url;
process.on("exit", () => {
  server.kill();
  rmSync(folder, { recursive: true, force: true });
});

await waitForSite(server, 150_000);
const cookie = await signIn(site, admin);

/** Reads /about every 20 ms while `work` runs; answers the work's time and the longest wait. */
async function measure<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; stall: number; value: T }> {
  let running = true;
  let stall = 0;
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${site}/about`)).arrayBuffer();
      stall = Math.max(stall, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  running = false;
  await poller;
  return { ms, stall, value };
}

function post(intent: string, fields: Record<string, string>) {
  return fetch(`${site}/admin/redirects?intent=${intent}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site,
      cookie,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

async function importLines(batch: string, count: number) {
  const response = await post("import", { csv: buildRedirectCsv(batch, count) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`Import ${batch}: ${response.status}`);
  const imported = /(\d+) redirects? imported/.exec(text)?.[1];
  return Number(imported ?? 0);
}

const row = (label: string, result: { ms: number; stall: number }, extra = "") =>
  console.log(
    `${label.padEnd(34)} ${(result.ms / 1000).toFixed(2).padStart(7)} s   /about longest wait ${result.stall.toFixed(0).padStart(6)} ms${extra}`,
  );

// The cached page is kept before the first measure.
await (await fetch(`${site}/about`)).arrayBuffer();
await (await fetch(`${site}/about`)).arrayBuffer();

const first = await measure(() => importLines("first", 1000));
row("1,000 lines into an empty table", first, `   (${first.value} imported)`);
for (const batch of ["seed-a", "seed-b"]) await importLines(batch, 4500);
const few = await measure(() => importLines("few", 200));
row("200 lines against 10,000 rules", few, `   (${few.value} imported)`);
const many = await measure(() => importLines("many", 5000));
row("5,000 lines against 10,200 rules", many, `   (${many.value} imported)`);
const screen = await measure(async () => {
  const response = await fetch(`${site}/admin/redirects`, { headers: { cookie } });
  return (await response.arrayBuffer()).byteLength;
});
row("Redirects screen, 15,200 rules", screen, `   (${(screen.value / 1024).toFixed(0)} KB)`);
const save = await measure(async () => {
  const response = await post("save", {
    source: "/bench/one-more",
    target: "/about",
    status: "301",
  });
  return response.status;
});
row("One save among 15,200 rules", save, `   (status ${save.value})`);
const next = await measure(async () => {
  const response = await post("save", {
    source: "/bench/two-more",
    target: "/about",
    status: "301",
  });
  return response.status;
});
row("The next save (its index kept)", next, `   (status ${next.value})`);
// The site first, so it does not log its database going away.
await server.stop();
postgres?.stop();
process.exit(0);
