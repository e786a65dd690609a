// An earlier release built from its git commit, for the tests that run it on a database this
// release migrated: built once per machine and commit, shared by every test file that asks.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The release the working tree's migrations must keep running: the last one deployed. */
export const previousRelease = "f0415cb";

export type EarlierRelease = {
  commit: string;
  /** Its folder: server/index.ts, build/, node_modules (this checkout's when the lockfiles match). */
  dir: string;
  entry: string;
  /** Its migrations, by name, as it records them in kysely_migration. */
  migrations: string[];
};

function git(args: string[]): string {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout;
}

function run(cwd: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 300_000 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  }
}

/** The migrations a commit ships, by name. */
export function listMigrationsAt(commit: string): string[] {
  return git(["ls-tree", "--name-only", `${commit}:migrations`])
    .split("\n")
    .filter((file) => /^\d{4}_.*\.ts$/.test(file))
    .map((file) => file.slice(0, -".ts".length))
    .sort();
}

type Lockfile = { packages: Record<string, { version?: string; dev?: boolean }> };

/**
 * Whether this checkout's node_modules can build and run a release with the given lockfile: every
 * package it names is installed here at its version, but for test tools (dev-only) dropped since,
 * which neither its build nor its server loads.
 */
function canReuseDependencies(lockfile: string): boolean {
  const theirs = (JSON.parse(readFileSync(lockfile, "utf8")) as Lockfile).packages;
  const ours = (JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as Lockfile)
    .packages;
  return Object.entries(theirs).every(([path, entry]) => {
    const installed = ours[path];
    return installed ? installed.version === entry.version : entry.dev === true;
  });
}

/**
 * Unpacks the commit's files (git archive: no worktree, nothing shared with other checkouts) and
 * builds it as `npm run build` does. A finished build is renamed into place, so test files that
 * build at once each get a whole one and later runs reuse it.
 */
export function buildEarlierRelease(ref: string = previousRelease): EarlierRelease {
  const commit = git(["rev-parse", `${ref}^{commit}`]).trim();
  // This checkout's dependencies may serve the build: a new lockfile or checkout builds anew.
  const checkout = createHash("sha256")
    .update(root)
    .update(readFileSync(join(root, "package-lock.json")))
    .digest("hex")
    .slice(0, 8);
  const dir = join(tmpdir(), `clearline-release-${commit.slice(0, 12)}-${checkout}`);
  const release = {
    commit,
    dir,
    entry: join(dir, "server", "index.ts"),
    migrations: listMigrationsAt(commit),
  };
  if (existsSync(join(dir, ".built"))) return release;
  const staging = `${dir}.${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    const archive = spawnSync("git", ["archive", "--format=tar", commit], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
    const untar = spawnSync("tar", ["-x", "-C", staging], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    if (canReuseDependencies(join(staging, "package-lock.json")))
      symlinkSync(join(root, "node_modules"), join(staging, "node_modules"), "dir");
    else run(staging, "npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"]);
    run(staging, process.execPath, [join(staging, "node_modules/.bin/react-router"), "build"]);
    writeFileSync(join(staging, ".built"), `${commit}\n`);
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another test file finished first: use its build.
      if (!existsSync(join(dir, ".built"))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return release;
}
