// The redirects at scale: starts the built site on a fresh database (SQLite, or with --postgres a
// throwaway PostgreSQL server), imports 1,000 lines into the empty table, seeds
// 10,000 rules, imports 200 and then 5,000 lines against them, opens the Redirects screen and
// saves one rule, while a poller reads the cached /about page. Prints each step's time and the
// longest the cached page waited meanwhile. Run `npm run build` first:
//   node scripts/bench/redirects.ts [--postgres]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort } from "../free-port.ts";
import { startTempPostgres } from "../postgres.ts";

const root = new URL("../../", import.meta.url).pathname;
if (!existsSync(join(root, "build/server/index.js"))) {
  console.error("No build: run `npm run build` first");
  process.exit(2);
}

const postgres = process.argv.includes("--postgres") ? await startTempPostgres() : undefined;
if (process.argv.includes("--postgres") && !postgres) {
  console.error("PostgreSQL could not be started (initdb and pg_ctl are needed)");
  process.exit(2);
}

const folder = mkdtempSync(join(tmpdir(), "bench-redirects-"));
const port = await findFreePort();
const site = `http://127.0.0.1:${port}`;
const email = "owner@bench.example";
const password = `Bench-${Date.now()}-password`;
const server = spawn(process.execPath, ["server/index.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: postgres?.url ?? `file:${join(folder, "site.db")}`,
    SITE_URL: site,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => {
  server.kill("SIGTERM");
  rmSync(folder, { recursive: true, force: true });
};
process.on("exit", stop);

async function waitForSite() {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${site}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The site never answered");
}

await waitForSite();
const login = await fetch(`${site}/api/admin/login`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: site },
  body: JSON.stringify({ email, password }),
});
const signedIn = login.headers
  .getSetCookie()
  .find((value) => value.startsWith("session="))
  ?.split(";")[0];
if (!signedIn) throw new Error(`Sign-in failed: ${login.status}`);
const cookie: string = signedIn;

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

/** A CSV of `count` rules from `/bench/<batch>/<n>`: most to a page, some prefixes, some away. */
function buildCsv(batch: string, count: number): string {
  const lines = ["source,target,status,match"];
  for (let n = 0; n < count; n++) {
    if (n % 10 === 0) lines.push(`/bench/${batch}/folder-${n},/services,301,prefix`);
    else if (n % 7 === 0) lines.push(`/bench/${batch}/${n},https://example.com/${batch}/${n},302,`);
    else lines.push(`/bench/${batch}/${n},/contact,301,`);
  }
  return lines.join("\n");
}

async function importLines(batch: string, count: number) {
  const response = await post("import", { csv: buildCsv(batch, count) });
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
const exited = new Promise((resolve) => server.once("exit", resolve));
server.kill("SIGTERM");
await exited;
postgres?.stop();
process.exit(0);
