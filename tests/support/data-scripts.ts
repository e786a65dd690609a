// The data commands (backup, restore, export, import) run as an operator runs them: a child
// process of scripts/data.ts, with the environment the test gives.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs `npm run <command> -- args` the way an operator does (through scripts/data.ts). */
export function runDataScript(command: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["scripts/data.ts", command, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    timeout: 120_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}
