// The databases integration tests run against: a fresh SQLite file always, and a fresh PostgreSQL
// database when TEST_DATABASE_URL points at a server (npm test starts a throwaway one).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type TestDatabase = { url: string; drop: () => Promise<void> };
export type TestDatabaseKind = { name: "sqlite" | "postgres"; create: () => Promise<TestDatabase> };

/** One database for several site instances: dropped when the last of them closes. */
export function shareDatabase(database: TestDatabase, users: number): TestDatabase {
  let open = users;
  return {
    url: database.url,
    drop: async () => {
      open -= 1;
      if (open === 0) await database.drop();
    },
  };
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "site-test-"));
  return {
    url: `file:${join(dir, "site.db")}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `site_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function getTestDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: "sqlite", create: createSqliteDatabase }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) kinds.push({ name: "postgres", create: () => createPostgresDatabase(serverUrl) });
  return kinds;
}

/**
 * The folders a site on a server database keeps beside nothing: its image cache and the legacy
 * uploads folder default to ./data, which every test file running at the same time would share.
 * Gives each such site its own (those env does not set already); a SQLite site keeps them next to
 * its own database file.
 */
export function makeOwnSiteFolders(env: Record<string, string | undefined>): {
  env: Record<string, string>;
  remove: () => void;
} {
  const missing = (["IMAGE_CACHE_DIR", "UPLOADS_DIR"] as const).filter((name) => !env[name]);
  if (env.DATABASE_URL?.startsWith("file:") || missing.length === 0)
    return { env: {}, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "site-folders-"));
  const folders = { IMAGE_CACHE_DIR: join(dir, "image-cache"), UPLOADS_DIR: join(dir, "uploads") };
  return {
    env: Object.fromEntries(missing.map((name) => [name, folders[name]])),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
