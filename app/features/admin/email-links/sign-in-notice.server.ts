// The new-device notice: a long-lived random "device" cookie, remembered hashed per admin; a
// sign-in from a browser this admin has not used before queues an email saying when, from what and
// from where. Without mail set up only the browser is noted.
import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { isMailEnabled, sendMail } from "~/capabilities/mail/mail-port.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime } from "~/platform/format-time";
import { readSiteTimeZone } from "~/platform/settings.server";
import { getSiteName } from "./email-links.server";

export const deviceCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export function getDeviceCookieName(secure: boolean): string {
  // As the session cookie: the __Host- prefix pins it to this origin, where https allows it.
  return secure ? "__Host-device" : "device";
}

/** The browser's device token from a Cookie header, if it has a well-formed one. */
export function readDeviceToken(request: Request, secure: boolean): string | undefined {
  const name = getDeviceCookieName(secure);
  const cookies = (request.headers.get("cookie") ?? "").split(/;\s*/);
  const value = cookies.find((cookie) => cookie.startsWith(`${name}=`))?.slice(name.length + 1);
  return value && /^[\w-]{43}$/.test(value) ? value : undefined;
}

export function serializeDeviceCookie(token: string, secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${deviceCookieMaxAgeSeconds}`];
  if (secure) attributes.push("Secure");
  return `${getDeviceCookieName(secure)}=${token}; ${attributes.join("; ")}`;
}

function hashDeviceToken(token: string): string {
  return createHash("sha256").update(`admin-device:${token}`).digest("hex");
}

/** A user agent in plain words ("Firefox on Windows"), or undefined when it names neither. */
export function describeBrowser(userAgent: string): string | undefined {
  const browsers: [RegExp, string][] = [
    [/Edg\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/Firefox\//, "Firefox"],
    [/Chrome\/|Chromium\/|CriOS\//, "Chrome"],
    [/Safari\//, "Safari"],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, "Android"],
    [/iPhone|iPad|iPod/, "iOS"],
    [/Windows/, "Windows"],
    [/Mac OS X|Macintosh/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}

export type SignInBrowser = {
  admin: { id: number; email: string };
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined;
  userAgent: string;
  clientIp: string;
};

/**
 * Notes the browser of a successful sign-in and answers the device token its cookie should keep
 * (the one it has, or a new one). A browser new to this admin gets them a notice by email. A
 * failure here is logged and never fails the sign-in.
 */
export async function noteSignInBrowser(
  services: { db: Db; config: Config; logger: Logger },
  signIn: SignInBrowser,
  now = new Date(),
): Promise<string> {
  const token = signIn.deviceToken ?? randomBytes(32).toString("base64url");
  const { db, config, logger } = services;
  try {
    const browserHash = hashDeviceToken(token);
    const at = now.toISOString();
    const known = await db
      .updateTable("admin_known_browsers")
      .set({ last_seen_at: at })
      .where("admin_id", "=", signIn.admin.id)
      .where("browser_hash", "=", browserHash)
      .executeTakeFirst();
    if (Number(known.numUpdatedRows) > 0) return token;
    const timeZone = await readSiteTimeZone(db);
    const inserted = await db
      .insertInto("admin_known_browsers")
      .values({
        admin_id: signIn.admin.id,
        browser_hash: browserHash,
        first_seen_at: at,
        last_seen_at: at,
      })
      .onConflict((conflict) => conflict.columns(["admin_id", "browser_hash"]).doNothing())
      .returning("admin_id")
      .executeTakeFirst();
    // Two sign-ins at once from one new browser send one notice.
    if (inserted && isMailEnabled(config)) {
      await sendMail(db, buildNotice(config, signIn, formatTime(at, timeZone)));
    }
  } catch (error) {
    logger.error({ err: error }, "Could not note the browser of a sign-in");
  }
  return token;
}

function buildNotice(config: Config, signIn: SignInBrowser, time: string) {
  const site = getSiteName(config.SITE_URL);
  const userAgent = signIn.userAgent.trim().slice(0, 300);
  const plain = describeBrowser(userAgent);
  return {
    to: signIn.admin.email,
    subject: `New sign-in to ${site}`,
    text: [
      `Your admin account ${signIn.admin.email} was just signed in to from a browser it has not used before.`,
      "",
      `Time: ${time}`,
      `Browser: ${plain ? `${plain} (${userAgent})` : userAgent || "not given"}`,
      `Network address: ${signIn.clientIp}`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not you, change your password now on Your account (${config.SITE_URL}/admin/account), which signs out every other session, or ask another admin to sign you out everywhere.`,
      `If you cannot sign in, reset your password at ${config.SITE_URL}/admin/forgot-password.`,
    ].join("\n"),
  };
}
