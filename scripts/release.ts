// `npm run release [-- FILE.tar.gz]`: packs the production build (made by `npm run build`) with
// what runs it on a server, so the server needs neither the sources nor a build: there, unpack,
// `npm ci --omit=dev`, `npm run serve` (docs/deploy.md). Only node: built-ins and tar here.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { buildInputs, newestChange, releaseInfoFile, root } from "./setup.ts";

/**
 * What a server runs: the build (migrations are bundled into it), the entry that loads it, the
 * operator's commands (admin, backup, restore, export, import) and the Node check they run first,
 * the lockfile `npm ci` installs from, the deployment files, and the docs they and the README
 * point the operator to (docs/deploy.md, backups, operations, mail).
 */
const releaseFiles = [
  "build",
  "server/index.ts",
  "scripts/check-node.cjs",
  "scripts/setup.ts",
  "scripts/start.ts",
  "scripts/admin.ts",
  "scripts/data.ts",
  "deploy",
  "docs",
  "package.json",
  "package-lock.json",
  ".nvmrc",
  "README.md",
];

function readGit(args: string[]): string | undefined {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The commit the release is built from, marked when the working tree had changes. */
function describeCommit(): string | undefined {
  const commit = readGit(["rev-parse", "--short=12", "HEAD"]);
  if (!commit) return undefined;
  return readGit(["status", "--porcelain", "--untracked-files=no"]) ? `${commit}-dirty` : commit;
}

/**
 * The release's name: its commit and its build's time (UTC), so a rebuild of the same commit is a
 * new folder on the server and never unpacks over the running release; packing one build twice
 * gives the same name.
 */
function nameRelease(commit: string | undefined, builtAt: Date): string {
  const time = `${builtAt.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
  return ["clearline", commit, time].filter(Boolean).join("-");
}

/** Stops with a message when there is no build, or when a source changed after it was made. */
function checkBuild(): void {
  const builtServer = join(root, "build", "server", "index.js");
  if (!existsSync(builtServer)) {
    console.error("No build to release: run `npm run build` first.");
    process.exit(1);
  }
  const newest = Math.max(...buildInputs.map((input) => newestChange(join(root, input))));
  if (statSync(builtServer).mtimeMs < newest) {
    console.error("The build is older than the sources: run `npm run build` again, then release.");
    process.exit(1);
  }
}

checkBuild();
const commit = describeCommit();
const builtAt = statSync(join(root, "build", "server", "index.js")).mtime;
const name = nameRelease(commit, builtAt);
const output = resolve(process.argv[2] ?? join(root, "release", `${name}.tar.gz`));
const staging = mkdtempSync(join(tmpdir(), "site-release-"));
try {
  const folder = join(staging, name);
  for (const file of releaseFiles) {
    cpSync(join(root, file), join(folder, file), { recursive: true });
  }
  // The release's schema version: what a database too new for an older release names (ADR 056).
  const schemaVersion = readdirSync(join(root, "migrations"))
    .filter((file) => /^\d{4}_.*\.ts$/.test(file))
    .sort()
    .at(-1)
    ?.slice(0, -".ts".length);
  const info = { name, commit: commit ?? null, builtAt, schemaVersion: schemaVersion ?? null };
  writeFileSync(join(folder, releaseInfoFile), `${JSON.stringify(info, null, 2)}\n`);
  mkdirSync(dirname(output), { recursive: true });
  const tar = spawnSync("tar", ["-czf", output, "-C", staging, name], { stdio: "inherit" });
  if (tar.status !== 0) throw new Error(`tar failed (exit ${tar.status ?? tar.signal})`);
  console.log(
    `Release ${basename(output)} (${(statSync(output).size / 1e6).toFixed(1)} MB): ${output}`,
  );
  console.log(`Release name: ${name}`);
  console.log(
    `On the server: tar -xzf ${basename(output)} && cd ${name} && npm ci --omit=dev && npm run serve`,
  );
} finally {
  rmSync(staging, { recursive: true, force: true });
}
