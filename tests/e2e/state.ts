// Facts shared between the e2e servers (serve.ts) and the tests: the admin login and where each
// server's database lives (one state file per server, named by its port).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const e2eAdmin = { email: "owner@example.com", password: "correct horse battery" };

export function getE2eStateFile(port: number | string): string {
  return fileURLToPath(new URL(`../../.tmp/e2e-state-${port}.json`, import.meta.url));
}

/** The state the server at serverUrl wrote when it started. */
export function readE2eState(serverUrl: string): { databasePath: string } {
  return JSON.parse(readFileSync(getE2eStateFile(new URL(serverUrl).port), "utf8"));
}
