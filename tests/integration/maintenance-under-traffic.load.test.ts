// The operator's maintenance commands (deploy/clearline-maintain, as docs/deploy.md runs
// them) on a server made of test folders, behind the shipped nginx server block, under about 50
// requests a second: an upgrade from the previous release built from its commit, a rollback and an
// upgrade again (on SQLite, and on PostgreSQL with two instances upgraded one at a time), the
// crossing both ways between a release from before the socket and this one, a move from SQLite to
// PostgreSQL, and the restore drill. systemd's part is played by systemd-socket-
// activate (tests/support/systemctl-emulator.sh).
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../../scripts/free-port.ts";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { buildEarlierRelease } from "../support/earlier-release";
import {
  type CommandResult,
  makeServer,
  type Outcome,
  runMaintain,
  type ServerFolders,
  startTraffic,
  stopServer,
  summarize,
  unpackRelease,
} from "../support/maintenance-site";
import {
  findProgram,
  makeCertificate,
  makeNginxDir,
  nginx,
  openssl,
  startNginx,
  stopNginx,
} from "../support/nginx-proxy";

const root = fileURLToPath(new URL("../..", import.meta.url));
const socketActivate = findProgram("systemd-socket-activate");
const canRun = Boolean(nginx && openssl && socketActivate);
if (!canRun) {
  console.warn(
    "Maintenance tests skipped: nginx, openssl or systemd-socket-activate not found (apt-get install nginx-light openssl systemd)",
  );
}

// The releases' own names (clearline-<commit>-<build time>), as their folders on a server.
let previousName = "";
let thisName = "";
/** The last release deployed before the socket unit: it listens on its port itself. */
const beforeSocketCommit = "b9c2af7";
let beforeSocketName = "";
const kinds = getTestDatabaseKinds();
const postgresKind = kinds.find((kind) => kind.name === "postgres");

const work = mkdtempSync(join(tmpdir(), "site-maintenance-"));
chmodSync(work, 0o755);
/** The previous release and this tree, each packed and unpacked as a server holds them. */
let releases: Record<string, string> = {};
let beforeSocket = "";

beforeAll(() => {
  if (!canRun) return;
  const previous = unpackRelease(buildEarlierRelease().dir, join(work, "releases", "previous"));
  const current = unpackRelease(root, join(work, "releases", "this"));
  beforeSocket = unpackRelease(
    buildEarlierRelease(beforeSocketCommit).dir,
    join(work, "releases", "before-socket"),
  );
  previousName = basename(previous);
  thisName = basename(current);
  beforeSocketName = basename(beforeSocket);
  releases = { [previousName]: previous, [thisName]: current };
}, 400_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What the database holds: the contact messages' texts and every saved About title. */
async function readStored(databaseUrl: string): Promise<{ messages: string[]; titles: string[] }> {
  const queries = {
    messages: "select message from contact_messages",
    documents: "select document from content_revisions",
  };
  let messages: string[];
  let documents: string[];
  if (databaseUrl.startsWith("file:")) {
    const db = new DatabaseSync(databaseUrl.slice("file:".length), { readOnly: true });
    try {
      messages = db
        .prepare(queries.messages)
        .all()
        .map((row) => String(row.message));
      documents = db
        .prepare(queries.documents)
        .all()
        .map((row) => String(row.document));
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      messages = (await client.query(queries.messages)).rows.map((row) => String(row.message));
      documents = (await client.query(queries.documents)).rows.map((row) => String(row.document));
    } finally {
      await client.end();
    }
  }
  const titles = documents.map(
    (document) => (JSON.parse(document) as { about?: { title?: string } }).about?.title ?? "",
  );
  return { messages, titles };
}

/** The message ids acknowledged (201) that the database does not hold. */
function findLost(acknowledged: string[], stored: string[]): string[] {
  const text = stored.join("\n");
  return acknowledged.filter((id) => !text.includes(`about ${id}.`));
}

/** nginx in front of the given site ports, its maintenance flag in its own folder. */
async function startProxy(name: string, sitePorts: number[]) {
  const dir = makeNginxDir();
  const certDir = join(dir, "certs");
  const cert = makeCertificate(certDir);
  const maintenanceFlag = join(dir, "maintenance");
  const ports = await startNginx(dir, certDir, sitePorts, { maintenanceFlag });
  return { dir, cert, maintenanceFlag, url: `https://127.0.0.1:${ports.https}`, name };
}

/** One server behind its own nginx, in the test folder `name`, its commands not yet run. */
async function makeProxiedServer(
  name: string,
  options: { releases: Record<string, string>; current: string; databaseUrl: string },
) {
  const port = await findFreePort();
  const proxy = await startProxy(name, [port]);
  const server = await makeServer(join(work, name), {
    ...options,
    maintenanceFlag: proxy.maintenanceFlag,
    port,
  });
  return { proxy, server };
}

function expectDone(result: { code: number | null; output: string }, what: string) {
  expect(result.code, `${what}:\n${result.output}`).toBe(0);
}

describe.skipIf(!canRun).each(kinds)("an upgrade from the previous release on $name", (kind) => {
  const servers: ServerFolders[] = [];
  let database: TestDatabase | undefined;
  let proxyDir = "";

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    if (proxyDir) stopNginx(proxyDir);
    await database?.drop();
  });

  it("upgrades, rolls back and upgrades again under traffic: no 5xx, no reset, nothing lost", async () => {
    database = await kind.create();
    const dir = join(work, `upgrade-${kind.name}`);
    // Two instances on one PostgreSQL, upgraded one at a time; SQLite has one.
    const count = kind.name === "postgres" ? 2 : 1;
    const databaseUrl = kind.name === "sqlite" ? `file:${join(dir, "site.db")}` : database.url;
    const sitePorts = await Promise.all(Array.from({ length: count }, () => findFreePort()));
    const proxy = await startProxy(kind.name, sitePorts);
    proxyDir = proxy.dir;
    for (const [index] of sitePorts.entries()) {
      const server = await makeServer(join(dir, `server-${index + 1}`), {
        releases,
        current: previousName,
        databaseUrl,
        maintenanceFlag: proxy.maintenanceFlag,
        port: sitePorts[index],
      });
      servers.push(server);
      // One at a time: the first start migrates and seeds.
      expectDone(await runMaintain(server, ["start"]), "start");
    }

    const traffic = startTraffic(proxy.url, proxy.cert, `${kind.name}-${Date.now()}`);
    await traffic.startSaving();
    const steps: string[] = [];
    const commands: CommandResult[] = [];
    let failed: string | undefined;
    // Each instance in turn; a failed step ends the sequence, the figures are reported all the same.
    const runOnEach = async (args: string[]) => {
      for (const server of servers) {
        if (failed) return;
        await delay(1_000);
        const result = await runMaintain(server, args);
        commands.push(result);
        steps.push(`${args[0]} ${(result.ms / 1000).toFixed(1)} s`);
        if (result.code !== 0) failed = `${args.join(" ")}:\n${result.output}`;
      }
    };
    await runOnEach(["upgrade", thisName]);
    const rollbackStarted = Date.now();
    await runOnEach(["rollback"]);
    const rollbackMs = Date.now() - rollbackStarted;
    await runOnEach(["upgrade", thisName]);
    await delay(1_500);
    await traffic.stop();

    const summary = summarize(traffic.outcomes, commands);
    const stored = await readStored(databaseUrl);
    const lostMessages = findLost(traffic.acknowledged.contacts, stored.messages);
    const lostSaves = traffic.acknowledged.saves.filter((title) => !stored.titles.includes(title));
    console.log(
      `Upgrade, rollback, upgrade on ${kind.name} (${count} instance${count > 1 ? "s" : ""}): ${summary.total} requests ${JSON.stringify(summary.byStatus)}, p99 ${summary.p99} ms, max ${summary.max} ms; failed ${summary.failedDuringCommands} while a command ran ${JSON.stringify(summary.failedByStep)}, ${summary.failedOtherwise} otherwise; ${traffic.acknowledged.contacts.length} messages and ${traffic.acknowledged.saves.length} saves acknowledged, ${lostMessages.length + lostSaves.length} lost; steps: ${steps.join(", ")}; rollback ${(rollbackMs / 1000).toFixed(1)} s${summary.errors.length ? `; errors: ${summary.errors.join("; ")}` : ""}${summary.failures.length ? `; answers: ${summary.failures.join(" | ")}` : ""}`,
    );
    expect(failed).toBeUndefined();
    expect(summary.errors).toEqual([]);
    expect(
      traffic.outcomes.filter((outcome) => outcome.status >= 500).map((outcome) => outcome.status),
    ).toEqual([]);
    expect(summary.total).toBeGreaterThan(500);
    expect(traffic.acknowledged.contacts.length).toBeGreaterThan(20);
    expect(traffic.acknowledged.saves.length).toBeGreaterThan(5);
    expect(lostMessages).toEqual([]);
    expect(lostSaves).toEqual([]);
    expect(summary.p99).toBeLessThan(1_000);
    expect(rollbackMs).toBeLessThan(60_000);
    // Every instance ends on this release.
    for (const server of servers) {
      expect(realpathSync(join(server.root, "current"))).toBe(
        realpathSync(releases[thisName] ?? ""),
      );
    }
  }, 300_000);
});

/** nginx's own maintenance page (deploy/nginx/clearline.conf), not a 503 of the site. */
function isMaintenancePage(outcome: Outcome): boolean {
  return (
    outcome.status === 503 &&
    outcome.retryAfter === "15" &&
    (outcome.excerpt ?? "").includes("Back in a minute")
  );
}

/** The answers to requests sent while a command ran, and how long the maintenance page showed. */
function describeWindow(outcomes: Outcome[], command: CommandResult, startedAt: number) {
  const during = outcomes.filter(
    (outcome) => outcome.at >= startedAt && outcome.at <= startedAt + command.ms,
  );
  const maintenance = during.filter(isMaintenancePage);
  const byStatus: Record<string, number> = {};
  for (const outcome of during) byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
  const first = maintenance[0]?.at ?? 0;
  const last = Math.max(0, ...maintenance.map((outcome) => outcome.at));
  return {
    during,
    byStatus,
    maintenance: maintenance.length,
    /** From the first request answered with the maintenance page to the last one sent. */
    maintenanceMs: maintenance.length > 0 ? last - first : 0,
    /** Resets, timeouts, 502/504 and the site's own 5xx: docs/deploy.md promises none. */
    otherFailures: during.filter(
      (outcome) => (outcome.status === 0 || outcome.status >= 500) && !isMaintenancePage(outcome),
    ),
  };
}

/** The folder of the process the emulated clearline.service runs. */
function findServingRelease(server: ServerFolders): string {
  const pid = readFileSync(join(server.env.EMULATOR_STATE ?? "", "clearline.pid"), "utf8").trim();
  return realpathSync(`/proc/${pid}/cwd`);
}

describe.skipIf(!canRun)("crossing the socket boundary both ways on SQLite", () => {
  let server: ServerFolders | undefined;
  let proxyDir = "";

  afterAll(async () => {
    if (server) await stopServer(server);
    if (proxyDir) stopNginx(proxyDir);
  });

  it("upgrades from a release without the socket and rolls back onto its backup, as README says", async () => {
    const databaseUrl = `file:${join(work, "socket-crossing", "site.db")}`;
    const made = await makeProxiedServer("socket-crossing", {
      releases: { [beforeSocketName]: beforeSocket, [thisName]: releases[thisName] ?? "" },
      current: beforeSocketName,
      databaseUrl,
    });
    const { proxy } = made;
    proxyDir = proxy.dir;
    server = made.server;
    expect(existsSync(join(server.root, "current/deploy/systemd/clearline.socket"))).toBe(false);
    expectDone(await runMaintain(server, ["start"]), "start");
    expect(findServingRelease(server)).toBe(realpathSync(beforeSocket));

    const traffic = startTraffic(proxy.url, proxy.cert, `crossing-${Date.now()}`);
    await traffic.startSaving();
    await delay(2_000);
    const upgradeStarted = Date.now();
    const upgrade = await runMaintain(server, ["upgrade", thisName]);
    expectDone(upgrade, "upgrade");
    expect(findServingRelease(server)).toBe(realpathSync(releases[thisName] ?? ""));
    expect(existsSync(join(server.env.CLEARLINE_UNIT_DIR ?? "", "clearline.socket"))).toBe(true);
    await delay(2_000);
    // Every message acknowledged so far is in the database the new release serves from.
    const acknowledgedBefore = [...traffic.acknowledged.contacts];
    const savesBefore = [...traffic.acknowledged.saves];
    const afterUpgrade = await readStored(databaseUrl);

    // The older release refuses a database migrated past it: back onto the upgrade's backup.
    const backup = /backup taken before: (\S+\.tar\.gz)/.exec(upgrade.output)?.[1] ?? "";
    expect(existsSync(backup)).toBe(true);
    const rollbackStarted = Date.now();
    const rollback = await runMaintain(server, ["rollback", beforeSocketName, "--restore", backup]);
    expectDone(rollback, "rollback");
    const rollbackEnded = Date.now();
    await delay(2_000);
    await traffic.stop();

    const upgradeWindow = describeWindow(traffic.outcomes, upgrade, upgradeStarted);
    const rollbackWindow = describeWindow(traffic.outcomes, rollback, rollbackStarted);
    const afterRollback = traffic.outcomes.filter((outcome) => outcome.at > rollbackEnded);
    const summary = summarize(traffic.outcomes);
    const lostMessages = findLost(acknowledgedBefore, afterUpgrade.messages);
    const lostSaves = savesBefore.filter((title) => !afterUpgrade.titles.includes(title));
    console.log(
      `Across the socket boundary on SQLite: ${summary.total} requests ${JSON.stringify(summary.byStatus)}, p99 ${summary.p99} ms; upgrade ${(upgrade.ms / 1000).toFixed(1)} s: ${upgradeWindow.during.length} requests ${JSON.stringify(upgradeWindow.byStatus)}, ${upgradeWindow.maintenance} the maintenance page over ${upgradeWindow.maintenanceMs} ms, ${upgradeWindow.otherFailures.length} other failures; ${acknowledgedBefore.length} messages and ${savesBefore.length} saves acknowledged by then, ${lostMessages.length + lostSaves.length} lost; rollback ${(rollback.ms / 1000).toFixed(1)} s: ${rollbackWindow.during.length} requests ${JSON.stringify(rollbackWindow.byStatus)}, the maintenance page over ${rollbackWindow.maintenanceMs} ms${summary.errors.length ? `; errors: ${summary.errors.join("; ")}` : ""}${summary.failures.length ? `; answers: ${summary.failures.join(" | ")}` : ""}`,
    );
    // The upgrade: refused connections for a few milliseconds at most, each answered with nginx's
    // maintenance page; no reset, no 502, nothing acknowledged lost.
    expect(upgradeWindow.otherFailures).toEqual([]);
    // A few milliseconds under systemd; the stand-in's start of the socket takes tens.
    expect(upgradeWindow.maintenanceMs).toBeLessThan(250);
    expect(upgradeWindow.during.length).toBeGreaterThan(50);
    expect(acknowledgedBefore.length).toBeGreaterThan(10);
    expect(lostMessages).toEqual([]);
    expect(lostSaves).toEqual([]);
    // The rollback: the maintenance page while the site is paused, never a 502, 504 or reset.
    expect(rollbackWindow.otherFailures).toEqual([]);
    expect(rollbackWindow.maintenance).toBeGreaterThan(0);
    expect(rollback.ms).toBeLessThan(60_000);
    for (const outcome of rollbackWindow.during) {
      expect(isMaintenancePage(outcome) || [200, 201].includes(outcome.status)).toBe(true);
    }
    // It ends with the release before the socket serving, on the backup, with no socket unit.
    expect(findServingRelease(server)).toBe(realpathSync(beforeSocket));
    expect(existsSync(join(server.env.CLEARLINE_UNIT_DIR ?? "", "clearline.socket"))).toBe(false);
    expect(afterRollback.length).toBeGreaterThan(20);
    expect(afterRollback.filter((outcome) => ![200, 201].includes(outcome.status))).toEqual([]);
  }, 150_000);
});

describe.skipIf(!canRun || !postgresKind)("a live SQLite site moved to PostgreSQL", () => {
  let server: ServerFolders | undefined;
  let target: TestDatabase | undefined;
  let proxyDir = "";

  afterAll(async () => {
    if (server) await stopServer(server);
    if (proxyDir) stopNginx(proxyDir);
    await target?.drop();
  });

  it("keeps every message answered 201 before, during and after the move, and stays on PostgreSQL", async () => {
    const sqliteUrl = `file:${join(work, "move", "site.db")}`;
    const made = await makeProxiedServer("move", {
      releases,
      current: thisName,
      databaseUrl: sqliteUrl,
    });
    const { proxy } = made;
    proxyDir = proxy.dir;
    server = made.server;
    expectDone(await runMaintain(server, ["start"]), "start");
    target = await postgresKind?.create();
    const postgresUrl = target?.url ?? "";

    const traffic = startTraffic(proxy.url, proxy.cert, `move-${Date.now()}`);
    await traffic.startSaving();
    await delay(2_000);
    const moved = await runMaintain(server, ["move-to-postgres", postgresUrl]);
    expectDone(moved, "move-to-postgres");
    await delay(3_000);
    await traffic.stop();

    const summary = summarize(traffic.outcomes);
    const inPostgres = await readStored(postgresUrl);
    const inSqlite = await readStored(sqliteUrl);
    const lost = findLost(traffic.acknowledged.contacts, inPostgres.messages);
    const afterTheMove = findLost(traffic.acknowledged.contacts, inSqlite.messages);
    const paused = traffic.outcomes.filter((outcome) => outcome.status >= 500);
    console.log(
      `Move to PostgreSQL under traffic: ${summary.total} requests ${JSON.stringify(summary.byStatus)} (${paused.filter((outcome) => outcome.retryAfter === "15").length} the maintenance page), p99 ${summary.p99} ms; the move took ${(moved.ms / 1000).toFixed(1)} s; ${traffic.acknowledged.contacts.length} messages acknowledged (${afterTheMove.length} after the move), ${lost.length} missing from PostgreSQL`,
    );
    expect(summary.errors).toEqual([]);
    // While the database moved visitors got nginx's maintenance answer (Retry-After: 15), never a
    // 502; the only other 503 is the site's own when it is busy (Retry-After: a few seconds).
    const maintenancePage = paused.filter((outcome) => outcome.retryAfter === "15");
    expect(maintenancePage.length).toBeGreaterThan(0);
    for (const outcome of paused) {
      expect(outcome.status).toBe(503);
      expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
    }
    expect(lost).toEqual([]);
    // Messages were acknowledged after the move too, and those are not in SQLite.
    expect(afterTheMove.length).toBeGreaterThan(3);
    expect(
      traffic.acknowledged.saves.filter((title) => !inPostgres.titles.includes(title)),
    ).toEqual([]);
    expect(readFileSync(server.envFile, "utf8")).toMatch(
      new RegExp(`^DATABASE_URL=${postgresUrl.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}$`, "m"),
    );
  }, 120_000);
});

/** Processes whose environment names the folder: what a drill could leave behind. */
function findProcessesUsing(folder: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").includes(folder);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });
}

describe.skipIf(!canRun)("the restore drill and the restore, as README runs them", () => {
  let server: ServerFolders;
  let databaseUrl: string;

  afterAll(async () => {
    if (server) await stopServer(server);
  });

  beforeAll(async () => {
    const dir = join(work, "drill");
    databaseUrl = `file:${join(dir, "site.db")}`;
    server = await makeServer(dir, {
      releases,
      current: thisName,
      databaseUrl,
      maintenanceFlag: join(dir, "maintenance"),
      port: await findFreePort(),
    });
    mkdirSync(join(server.data, "backups"));
    const backup = spawnSync(
      process.execPath,
      [join(root, "scripts/data.ts"), "backup", join(server.data, "backups", "site-drill.tar.gz")],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
    );
    if (backup.status !== 0) throw new Error(`backup failed:\n${backup.stdout}${backup.stderr}`);
  }, 60_000);

  it("restores the newest backup, serves it on its own port, and leaves no process or folder behind", async () => {
    const port = await findFreePort();
    const drill = await runMaintain(server, ["drill"], { CLEARLINE_DRILL_PORT: String(port) });
    expectDone(drill, "drill");
    expect(drill.output).toMatch(
      /Drill: .*site-drill\.tar\.gz restores and serves <title>[^<]+<\/title>/,
    );
    const scratch = /into (\/tmp\/clearline-drill\.\w+)/.exec(drill.output)?.[1] ?? "";
    expect(scratch).not.toBe("");
    expect(existsSync(scratch)).toBe(false);
    expect(findProcessesUsing(scratch)).toEqual([]);
    expect(await isListening(port)).toBe(false);
  }, 60_000);

  it("restores a backup into the live site: paused meanwhile, the database before kept aside", async () => {
    expectDone(await runMaintain(server, ["start"]), "start");
    const site = `http://127.0.0.1:${server.port}`;
    const sent = await fetch(`${site}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://clearline.test" },
      body: JSON.stringify({
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "+1 (512) 555-0100",
        company: "Acme Dental",
        message: "Please call me about the message after the backup.",
      }),
    });
    expect(sent.status).toBe(201);
    expect((await readStored(databaseUrl)).messages).toHaveLength(1);

    const restored = await runMaintain(server, [
      "restore",
      join(server.data, "backups", "site-drill.tar.gz"),
    ]);
    expectDone(restored, "restore");
    // The backup's state (no message), the site answering again, the flag gone.
    expect((await readStored(databaseUrl)).messages).toEqual([]);
    expect((await fetch(`${site}/readyz`)).status).toBe(200);
    expect(existsSync(server.env.CLEARLINE_MAINTENANCE_FLAG ?? "")).toBe(false);
    // The database of the moment before is a backup of its own.
    const aside = /kept in (\S+\.tar\.gz)/.exec(restored.output)?.[1] ?? "";
    expect(aside).toMatch(/before-restore\.tar\.gz$/);
    expect(existsSync(aside)).toBe(true);
  }, 90_000);

  it("fails with one line when its port is taken, and still leaves nothing behind", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const address = taken.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const drill = await runMaintain(server, ["drill"], { CLEARLINE_DRILL_PORT: String(port) });
      expect(drill.code).not.toBe(0);
      const failures = drill.output.split("\n").filter((line) => line.includes("FAILED"));
      expect(failures).toEqual([expect.stringContaining(`port ${port} free?`)]);
      const scratch = /into (\/tmp\/clearline-drill\.\w+)/.exec(drill.output)?.[1] ?? "";
      expect(existsSync(scratch)).toBe(false);
      expect(findProcessesUsing(scratch)).toEqual([]);
    } finally {
      taken.close();
    }
  }, 60_000);
});
