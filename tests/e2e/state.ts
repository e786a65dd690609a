// Facts shared between the e2e server (serve.ts) and the tests: the admin login and where the
// server's database lives.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const e2eAdmin = { email: "owner@example.com", password: "correct horse battery" };
export const e2eStateFile = fileURLToPath(new URL("../../.tmp/e2e-state.json", import.meta.url));

export function readE2eState(): { databasePath: string } {
  return JSON.parse(readFileSync(e2eStateFile, "utf8"));
}
