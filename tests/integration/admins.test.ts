// Admin accounts and sessions against a real database.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "~/features/admin/admins/admin-cli.server";
import {
  bootstrapAdmin,
  createAdmin,
  defaultAdminEmail,
  findAdminByEmail,
} from "~/features/admin/admins/admins.server";
import { verifyPassword } from "~/features/admin/admins/passwords.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { createLogger } from "~/platform/logger.server";
import {
  createSession,
  deleteSession,
  getSession,
  sessionIdleMs,
  sessionLifetimeMs,
} from "~/platform/sessions.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";

function captureLogger() {
  const entries: { level: string; data: Record<string, unknown>; message: string }[] = [];
  const logger = createLogger("info");
  for (const level of ["info", "warn"] as const) {
    logger[level] = ((data: Record<string, unknown>, message: string) => {
      entries.push({ level, data, message });
    }) as typeof logger.info;
  }
  return { logger, entries };
}

describe.each(getTestDatabaseKinds())("admins on $name", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await kind.create();
    db = await openDatabase(database.url);
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it("creates admin@example.com with a generated password, logged once, when no admin exists", async () => {
    const { logger, entries } = captureLogger();
    await bootstrapAdmin(db, {}, logger);
    await bootstrapAdmin(db, {}, logger);
    expect(entries).toHaveLength(1);
    // The password is in the message once, and in no field of the log line besides.
    const message = entries[0]?.message ?? "";
    const password = /with password (\S+) /.exec(message)?.[1] ?? "";
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(message.split(password)).toHaveLength(2);
    expect(JSON.stringify(entries[0]?.data)).not.toContain(password);
    const admin = await findAdminByEmail(db, defaultAdminEmail);
    expect(admin && (await verifyPassword(password, admin.password_hash))).toBe(true);
  });

  it("creates ADMIN_EMAIL once and never overwrites its password", async () => {
    const { logger } = captureLogger();
    await bootstrapAdmin(
      db,
      { ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "first password!" },
      logger,
    );
    await bootstrapAdmin(
      db,
      { ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "second password!" },
      logger,
    );
    const admin = await findAdminByEmail(db, "owner@example.com");
    expect(admin && (await verifyPassword("first password!", admin.password_hash))).toBe(true);
    expect(await findAdminByEmail(db, defaultAdminEmail)).toBeUndefined();
  });

  it("the admin command creates admins and resets passwords", async () => {
    const output: string[] = [];
    const print = (line: string) => output.push(line);
    expect(
      await runAdminCommand(
        db,
        ["create", "new@example.com", "--password", "a long password"],
        print,
      ),
    ).toBe(0);
    expect(await runAdminCommand(db, ["create", "new@example.com"], print)).toBe(1);
    expect(output.at(-1)).toBe("An admin with the email new@example.com already exists.");
    expect(await runAdminCommand(db, ["reset-password", "new@example.com"], print)).toBe(0);
    const generated = output.at(-1)?.replace("Password: ", "") ?? "";
    const admin = await findAdminByEmail(db, "new@example.com");
    expect(admin && (await verifyPassword(generated, admin.password_hash))).toBe(true);
    expect(await runAdminCommand(db, ["reset-password", "nobody@example.com"], print)).toBe(1);
    expect(await runAdminCommand(db, ["create", "not-an-email"], print)).toBe(2);
    expect(output.at(-1)).toBe("Please enter a valid email address");
    expect(
      await runAdminCommand(db, ["create", "x@example.com", "--password", "short"], print),
    ).toBe(2);
    expect(await runAdminCommand(db, ["frobnicate"], print)).toBe(2);
    expect(await runAdminCommand(db, ["list"], print)).toBe(0);
    expect(output.at(-1)).toContain("new@example.com");
  });

  it("sessions end after the idle timeout, after their lifetime, and at logout; only a hash is stored", async () => {
    await createAdmin(db, { email: "owner@example.com", password: "a long password" });
    const admin = await findAdminByEmail(db, "owner@example.com");
    if (!admin) throw new Error("no admin");
    const start = new Date("2026-01-01T08:00:00Z");
    const id = await createSession(db, admin.id, start);
    const stored = await db.selectFrom("admin_sessions").select("id_hash").execute();
    expect(stored.map((row) => row.id_hash)).not.toContain(id);

    expect(await getSession(db, id, new Date(start.getTime() + 60_000))).toEqual({
      adminId: admin.id,
      email: "owner@example.com",
      role: "owner",
    });
    // Activity every hour keeps it alive until the absolute lifetime ends it.
    let now = start.getTime();
    while (now + 60 * 60 * 1000 < start.getTime() + sessionLifetimeMs) {
      now += 60 * 60 * 1000;
      expect(await getSession(db, id, new Date(now))).toBeDefined();
    }
    expect(await getSession(db, id, new Date(start.getTime() + sessionLifetimeMs))).toBeUndefined();

    const idle = await createSession(db, admin.id, start);
    expect(
      await getSession(db, idle, new Date(start.getTime() + sessionIdleMs + 1000)),
    ).toBeUndefined();

    const loggedOut = await createSession(db, admin.id);
    await deleteSession(db, loggedOut);
    expect(await getSession(db, loggedOut)).toBeUndefined();
    expect(await getSession(db, "not-a-session-id")).toBeUndefined();
  });
});
