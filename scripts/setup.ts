// Shared by `npm start`, `npm test` and `npm run admin`: install when dependencies are missing or
// older than the lockfile, build when the build is older than its sources (neither in a release).
// Only node: built-ins, because it runs before anything is installed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const buildStamp = join(root, "build", ".stamp");
const builtServer = join(root, "build", "server", "index.js");
/** The file `npm run release` writes into a release: which commit it was built from. */
export const releaseInfoFile = "release.json";
const isRelease = existsSync(join(root, releaseInfoFile));
export const buildInputs = [
  "app",
  "server",
  "migrations",
  "public",
  "vite.config.ts",
  "scripts/precompress.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
  }
}

/** The newest modification time (ms) in a file or folder, node_modules and dot-files aside. */
export function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

export function ensureNodeVersion(): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 24) {
    console.error(`Node.js 24 or newer is required (found ${process.version}). See .nvmrc.`);
    process.exit(1);
  }
}

/** A fingerprint of what npm would install; stored in node_modules after a successful install. */
function getInstallFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest("hex");
}

export function ensureInstalled(): void {
  if (isRelease) {
    // Installing here would bring the development tools onto the server (and write to a folder
    // the service cannot write): say what to run instead.
    if (existsSync(join(root, "node_modules"))) return;
    console.error("This release has no dependencies installed yet: run `npm ci --omit=dev` in it.");
    process.exit(1);
  }
  const marker = join(root, "node_modules", ".site-install");
  const fingerprint = getInstallFingerprint();
  if (existsSync(marker) && readFileSync(marker, "utf8") === fingerprint) return;
  // `npm install`, not `npm ci`: it installs the lockfile's versions all the same, but tolerates a
  // registry that lacks other platforms' optional binaries (Biome, Tailwind's oxide), which makes
  // `npm ci` refuse the lockfile.
  console.log("Installing dependencies (npm install)...");
  // --include=dev: the build needs Vite and React Router's tooling even when NODE_ENV=production
  // (which makes npm leave devDependencies out), as the benchmark and many hosts set it.
  run("npm", ["install", "--include=dev", "--no-audit", "--no-fund"]);
  writeFileSync(marker, getInstallFingerprint());
}

/**
 * Set once a test run has made its build: the test processes and the servers and scripts they
 * start reuse it and never build again (a rebuild mid-run would swap the files under running tests).
 */
const buildReadyVariable = "SITE_BUILD_READY";

/** Builds when needed, then marks the build as this run's for every process started from here on. */
export function ensureBuiltForTests(): void {
  ensureBuilt();
  process.env[buildReadyVariable] = "1";
}

export function ensureBuilt({ force = false } = {}): void {
  // A release is the build: there are no sources to build from.
  if (isRelease) return;
  if (!force && process.env[buildReadyVariable] === "1" && existsSync(builtServer)) return;
  const stamp = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0;
  const newest = Math.max(...buildInputs.map((input) => newestChange(join(root, input))));
  if (!force && stamp > newest && existsSync(builtServer)) return;
  console.log("Building the site...");
  // Always a production build: one made under vitest's NODE_ENV=test has no page security policy.
  run("npx", ["react-router", "build"], { ...process.env, NODE_ENV: "production" });
  writeFileSync(buildStamp, new Date().toISOString());
}

/** Installs and builds when needed, then loads the built server bundle (server/app.ts's exports). */
export async function loadServerBundle(): Promise<typeof import("../server/app.ts")> {
  ensureNodeVersion();
  ensureInstalled();
  ensureBuilt();
  // The operator's commands run the production builds of React, as the server does.
  process.env.NODE_ENV = "production";
  return import(pathToFileURL(join(root, "build/server/index.js")).href);
}
