// Admin sessions: a 256-bit random id in an httpOnly SameSite=Lax cookie,
// stored hashed, with an idle timeout and an absolute lifetime. Login and logout build on this.
import { createHash, randomBytes } from "node:crypto";
import { type AdminRole, readAdminRole } from "./admin-roles";
import type { Db } from "./db/tables.server";

export const sessionIdleMs = 2 * 60 * 60 * 1000;
export const sessionLifetimeMs = 24 * 60 * 60 * 1000;
/** Refreshing last_seen_at on every request would write on every page view; once a minute is enough. */
const touchIntervalMs = 60 * 1000;

export type AdminSession = { adminId: number; email: string; role: AdminRole };

/** Where a session was started: the browser's User-Agent header and the client's address. */
export type SessionDevice = { userAgent: string | null; address: string };

/** The longest User-Agent kept: enough to name the browser and system, bounded for the table. */
const userAgentMaxLength = 500;

/** The device of a request, for createSession. */
export function getRequestDevice(request: Request, address: string): SessionDevice {
  return { userAgent: request.headers.get("user-agent"), address };
}

export function getSessionCookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this origin, but browsers accept it only over https.
  return secure ? "__Host-session" : "session";
}

function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Creates a session and returns its id, to be sent once in the cookie. */
export async function createSession(
  db: Db,
  adminId: number,
  now = new Date(),
  device?: SessionDevice,
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_sessions")
    .values({
      id_hash: hashSessionId(id),
      admin_id: adminId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
      user_agent: device?.userAgent?.slice(0, userAgentMaxLength) ?? null,
      address: device?.address ?? null,
    })
    .execute();
  return id;
}

/** The admin behind a session id, or undefined when it is unknown, idle too long or expired. */
export async function getSession(
  db: Db,
  id: string,
  now = new Date(),
): Promise<AdminSession | undefined> {
  if (!/^[\w-]{43}$/.test(id)) return undefined;
  const idHash = hashSessionId(id);
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admins", "admins.id", "admin_sessions.admin_id")
    .select([
      "admin_sessions.admin_id",
      "admin_sessions.last_seen_at",
      "admin_sessions.expires_at",
      "admins.email",
      "admins.role",
    ])
    .where("admin_sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const idleSince = now.getTime() - Date.parse(row.last_seen_at);
  if (idleSince > sessionIdleMs || now.getTime() >= Date.parse(row.expires_at)) {
    await db.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
    return undefined;
  }
  if (idleSince > touchIntervalMs) {
    await db
      .updateTable("admin_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return { adminId: row.admin_id, email: row.email, role: readAdminRole(row.role) };
}

/** Ends every session of an admin, except the one with the id keptId (the caller's own). */
export async function deleteAdminSessions(
  db: Db,
  adminId: number,
  keptId?: string | undefined,
): Promise<number> {
  let query = db.deleteFrom("admin_sessions").where("admin_id", "=", adminId);
  if (keptId) query = query.where("id_hash", "!=", hashSessionId(keptId));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One signed-in device of an admin, as the account screen lists it (newest use first). */
export type SessionSummary = {
  /** The stored hash, which names the session in a form without revealing its cookie. */
  key: string;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** The live sessions of an admin; currentId marks the caller's own. */
export async function listAdminSessions(
  db: Db,
  adminId: number,
  currentId: string | undefined,
  now = new Date(),
): Promise<SessionSummary[]> {
  const currentHash = currentId ? hashSessionId(currentId) : undefined;
  const rows = await db
    .selectFrom("admin_sessions")
    .select(["id_hash", "user_agent", "address", "created_at", "last_seen_at"])
    .where("admin_id", "=", adminId)
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">=", new Date(now.getTime() - sessionIdleMs).toISOString())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({
    key: row.id_hash,
    userAgent: row.user_agent,
    address: row.address,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id_hash === currentHash,
  }));
}

/** Ends one session of an admin by its key (listAdminSessions); false when there is none. */
export async function deleteAdminSessionByKey(
  db: Db,
  adminId: number,
  key: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("admin_id", "=", adminId)
    .where("id_hash", "=", key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a key names the session with this id (the caller's own). */
export function isSessionKeyOf(key: string, id: string | undefined): boolean {
  return id !== undefined && hashSessionId(id) === key;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id_hash", "=", hashSessionId(id)).execute();
}

/** The session cookie's value in a Cookie header, if any. */
function readSessionCookie(
  cookieHeader: string | null | undefined,
  secure: boolean,
): string | undefined {
  const name = getSessionCookieName(secure);
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** Reads the session id from a Cookie header (or a Bearer token, which an API client may send). */
export function readSessionId(request: Request, secure: boolean): string | undefined {
  return readSessionIdFromHeaders(
    request.headers.get("cookie"),
    request.headers.get("authorization"),
    secure,
  );
}

/** The same from the raw header values (the HTTP layer, before any Request exists). */
export function readSessionIdFromHeaders(
  cookie: string | null | undefined,
  authorization: string | null | undefined,
  secure: boolean,
): string | undefined {
  const fromCookie = readSessionCookie(cookie, secure);
  if (fromCookie !== undefined) return fromCookie;
  return authorization?.startsWith("Bearer ")
    ? authorization.slice("Bearer ".length).trim()
    : undefined;
}

export function serializeSessionCookie(id: string, secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${sessionLifetimeMs / 1000}`];
  if (secure) attributes.push("Secure");
  return `${getSessionCookieName(secure)}=${id}; ${attributes.join("; ")}`;
}

export function serializeClearedSessionCookie(secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secure) attributes.push("Secure");
  return `${getSessionCookieName(secure)}=; ${attributes.join("; ")}`;
}

/** The admin signed in on this request, if any. */
export async function getRequestSession(
  db: Db,
  request: Request,
  secure: boolean,
): Promise<AdminSession | undefined> {
  const id = readSessionId(request, secure);
  return id ? getSession(db, id) : undefined;
}
