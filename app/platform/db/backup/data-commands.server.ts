// `npm run backup | restore | export | import`: a backup is one .tar.gz of a consistent snapshot
// of every table (uploaded images included, as rows), taken while the site runs; restore brings it
// into SQLite or PostgreSQL, an older archive's uploads/ folder through importUploads.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseConfig } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/database.server";
import { getReportsDb } from "~/platform/db/reports-db.server";
import type { Db } from "~/platform/db/tables.server";
import { describeFileFault } from "~/platform/file-faults.server";
import {
  importData,
  type PortableData,
  PortableDataError,
  parsePortableData,
  writeDataFile,
} from "./portable-data.server";

const usage = [
  "Usage:",
  "  npm run backup [-- FILE.tar.gz]        database snapshot, uploaded images included, in one archive (default backups/site-<time>.tar.gz)",
  "  npm run restore -- FILE.tar.gz [--replace]   bring an archive back into DATABASE_URL (an older archive's uploads/ folder is imported into it)",
  "  npm run export -- FILE.json            every table as portable JSON, uploaded images included (base64)",
  "  npm run import -- FILE.json [--replace]     load an export into DATABASE_URL (SQLite or PostgreSQL)",
  "Restore and import need an empty database unless --replace is given; stop the site first.",
  "Uploaded images live in the database; UPLOADS_DIR is only read once, at start, to import older uploads.",
].join("\n");

/** Imports a folder of uploads (an older archive's) into the database; answers how many. */
export type UploadsImporter = (db: Db, folder: string) => Promise<number>;

/** Runs tar as a child process, waited for asynchronously: a big archive never holds the loop. */
async function runTar(args: string[]): Promise<void> {
  const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const status = await new Promise<number | null>((done, fail) => {
    child.on("error", (error) =>
      fail(new PortableDataError(`tar could not be run: ${error.message}`)),
    );
    child.on("close", done);
  });
  // tar's first line says what failed; the rest only that it gave up.
  if (status !== 0) throw new PortableDataError(`tar failed: ${stderr.trim().split("\n")[0]}`);
}

function countRows(data: PortableData): number {
  return data.tables.reduce((total, table) => total + table.rows.length, 0);
}

/** The database, named without its password. */
function describeDatabase(url: string): string {
  if (url.startsWith("file:")) return `SQLite ${url.slice("file:".length)}`;
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.host}${parsed.pathname}`;
}

/** Says what older data held that this release has no place for (dropped by a later migration). */
function printLeftOut(leftOut: string[], print: (line: string) => void): void {
  if (leftOut.length === 0) return;
  print(`Left out, as this release no longer has them: ${leftOut.join(", ")}`);
}

function defaultBackupName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return join("backups", `site-${stamp}.tar.gz`);
}

/**
 * Writes the backup archive; returns what it holds. The data is read through the database's
 * heavy-read handle, in slices written as they come (writeDataFile), so neither a large table nor
 * the site beside it waits for the whole.
 */
export async function writeBackup(db: Db, file: string): Promise<{ rows: number }> {
  const staging = mkdtempSync(join(tmpdir(), "site-backup-"));
  try {
    // One snapshot: uploaded images are rows like the rest, so the archive is consistent.
    const { header, rows } = await writeDataFile(getReportsDb(db), join(staging, "data.json"));
    writeFileSync(
      join(staging, "manifest.json"),
      JSON.stringify({
        kind: "clearline-site-backup",
        createdAt: header.exportedAt,
        engine: header.engine,
        schemaVersion: header.schemaVersion,
      }),
    );
    mkdirSync(dirname(resolve(file)), { recursive: true });
    await runTar(["-czf", resolve(file), "-C", staging, "manifest.json", "data.json"]);
    return { rows };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive written by writeBackup. An archive from before images were stored in the
 * database holds them in an uploads/ folder: they are imported into it with importUploads.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  options: { replace?: boolean; importUploads?: UploadsImporter } = {},
): Promise<{ rows: number; uploads: number; leftOut: string[] }> {
  if (!existsSync(file)) throw new PortableDataError(`No such file: ${file}`);
  const staging = mkdtempSync(join(tmpdir(), "site-restore-"));
  try {
    await runTar(["-xzf", resolve(file), "-C", staging]);
    if (!existsSync(join(staging, "manifest.json")) || !existsSync(join(staging, "data.json"))) {
      throw new PortableDataError("The archive is not a backup of this site");
    }
    const data = parsePortableData(readFileSync(join(staging, "data.json"), "utf8"));
    const { leftOut } = await importData(db, data, { replace: options.replace });
    const uploadsFolder = join(staging, "uploads");
    const uploads =
      existsSync(uploadsFolder) && options.importUploads
        ? await options.importUploads(db, uploadsFolder)
        : 0;
    return { rows: countRows(data), uploads, leftOut };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs one data command; returns the exit code. */
export async function runDataCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
  { importUploads }: { importUploads?: UploadsImporter } = {},
): Promise<number> {
  const [command, ...rest] = argv;
  const replace = rest.includes("--replace");
  const file = rest.find((arg) => !arg.startsWith("--"));
  if (!command || !["backup", "restore", "export", "import"].includes(command)) {
    print(usage);
    return 2;
  }
  if (command !== "backup" && !file) {
    print(`npm run ${command} needs a FILE.\n${usage}`);
    return 2;
  }
  const config = parseConfig(env);
  const db = await openDatabase(config.DATABASE_URL, undefined, {
    reportsTimeoutMs: config.REPORTS_TIMEOUT_SECONDS * 1000,
  });
  try {
    switch (command) {
      case "backup": {
        const target = file ?? defaultBackupName();
        const { rows } = await writeBackup(db, target);
        print(`Backup written: ${target} (${rows} rows, uploaded images included)`);
        break;
      }
      case "restore": {
        const { rows, uploads, leftOut } = await restoreBackup(db, file ?? "", {
          replace,
          importUploads,
        });
        print(
          `Restored ${rows} rows into ${describeDatabase(config.DATABASE_URL)}${uploads > 0 ? ` and imported ${uploads} images from the archive's uploads folder` : ""}`,
        );
        printLeftOut(leftOut, print);
        break;
      }
      case "export": {
        const written = await writeDataFile(getReportsDb(db), file ?? "");
        print(`Exported ${written.rows} rows of ${written.tables} tables to ${file}`);
        break;
      }
      case "import": {
        if (!existsSync(file ?? "")) throw new PortableDataError(`No such file: ${file}`);
        const data = parsePortableData(readFileSync(file ?? "", "utf8"));
        const report = await importData(db, data, { replace });
        print(
          `Imported ${report.rows} rows of ${report.tables} tables into ${describeDatabase(config.DATABASE_URL)}`,
        );
        printLeftOut(report.leftOut, print);
        break;
      }
    }
    return 0;
  } catch (error) {
    const fault = error instanceof PortableDataError ? error.message : describeFileFault(error);
    if (fault) {
      print(`${command} failed: ${fault}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}
