// Starts the built production server for the end-to-end tests with a fresh SQLite database and a
// known admin (tests/e2e/fixtures.ts). The database path is written where tests can find it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { e2eAdmin, getE2eStateFile } from "./state.ts";

const dir = mkdtempSync(join(tmpdir(), "site-e2e-"));
// The folder goes with the server, which Playwright stops with SIGTERM (playwright.config.ts).
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
const databasePath = join(dir, "site.db");
const stateFile = getE2eStateFile(process.env.PORT ?? "");
mkdirSync(dirname(stateFile), { recursive: true });
writeFileSync(stateFile, JSON.stringify({ databasePath }));

process.env.DATABASE_URL = `file:${databasePath}`;
process.env.ADMIN_EMAIL = e2eAdmin.email;
process.env.ADMIN_PASSWORD = e2eAdmin.password;
process.env.HOST = "127.0.0.1";
process.env.LOG_LEVEL ??= "warn";
await import("../../server/index.ts");
