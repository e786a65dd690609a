// The server's configuration: read once from the environment at boot and
// validated, so a bad value stops the server with a message naming the variable.
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import express from "express";
import { z } from "~/platform/zod";

/**
 * TRUST_PROXY in Express's syntax: "loopback" (the default), "false"/"none", a hop count, or a
 * comma list of addresses, subnets and the names loopback, linklocal, uniquelocal.
 */
export type TrustProxy = boolean | number | string;

function parseTrustProxy(value: string): TrustProxy {
  if (value === "" || value === "false" || value === "none") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function isValidTrustProxy(value: TrustProxy): boolean {
  try {
    // Express compiles the setting at once and throws on an address it cannot read.
    express().set("trust proxy", value);
    return true;
  } catch {
    return false;
  }
}

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const workerCountMessage = 'must be "auto" or a number of processes from 1 to 32';

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: "must be a port number from 0 to 65535" })
      .int("must be a port number from 0 to 65535")
      .min(0, "must be a port number from 0 to 65535")
      .max(65_535, "must be a port number from 0 to 65535")
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      .default("file:./data/site.db")
      .refine((value) => /^(file:.+|postgres(ql)?:\/\/.+)$/.test(value), {
        message: "must be file:PATH (SQLite) or postgres://... (PostgreSQL)",
      }),
    ADMIN_EMAIL: optional.pipe(z.email("must be an email address").optional()),
    ADMIN_PASSWORD: optional.pipe(
      z.string().min(12, "must be at least 12 characters").max(256).optional(),
    ),
    SITE_URL: optional.pipe(
      z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    ),
    SMTP_URL: optional.pipe(
      z.url({ protocol: /^smtps?$/, message: "must be smtp://... or smtps://..." }).optional(),
    ),
    MAIL_FROM: optional.pipe(z.email("must be an email address").optional()),
    NOTIFY_TO: optional.pipe(z.email("must be an email address").optional()),
    /** Newsletter copies sent per minute, at most: within most mail providers' limits. */
    NEWSLETTER_RATE: z.coerce
      .number({ message: "must be a number of emails per minute from 1 to 100000" })
      .int("must be a number of emails per minute from 1 to 100000")
      .min(1, "must be a number of emails per minute from 1 to 100000")
      .max(100_000, "must be a number of emails per minute from 1 to 100000")
      .default(60),
    /** Where uploaded images are stored; by default data/uploads next to the SQLite file. */
    UPLOADS_DIR: optional,
    /** This instance's disk cache of images and their sizes; by default data/image-cache. */
    IMAGE_CACHE_DIR: optional,
    /** The most the image cache may hold, in megabytes. */
    IMAGE_CACHE_MB: z.coerce
      .number({ message: "must be a number of megabytes from 16 to 1048576" })
      .int("must be a number of megabytes from 16 to 1048576")
      .min(16, "must be a number of megabytes from 16 to 1048576")
      .max(1_048_576, "must be a number of megabytes from 16 to 1048576")
      .default(1024),
    /** PostgreSQL: connections of the main pool, per server process. */
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: "must be a number of connections from 2 to 200" })
      .int("must be a number of connections from 2 to 200")
      .min(2, "must be a number of connections from 2 to 200")
      .max(200, "must be a number of connections from 2 to 200")
      .default(10),
    /** Longest an admin's heavy read (a report, an export) may run before it is stopped: a 503. */
    REPORTS_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number of seconds from 1 to 600" })
      .min(1, "must be a number of seconds from 1 to 600")
      .max(600, "must be a number of seconds from 1 to 600")
      .default(15),
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .transform(parseTrustProxy)
      .refine(isValidTrustProxy, {
        message: "must be loopback, false, a hop count or a comma list of proxy addresses/subnets",
      }),
    /**
     * Off: no page view is counted whatever Settings say (to compare the cost of counting, or
     * to keep a server out of the figures).
     */
    VISIT_COUNTING: z
      .enum(["on", "off"], { message: "must be on or off" })
      .default("on")
      .transform((value) => value === "on"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    /**
     * HSTS for every subdomain too: only when the owner says so, because browsers then refuse the
     * firm's plain-HTTP subdomains for the header's two years.
     */
    HSTS_INCLUDE_SUBDOMAINS: z
      .enum(["true", "false"], { message: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    /**
     * Server processes (node:cluster workers): a count, or "auto" for one per core. One by default:
     * on a small machine that also runs its clients, more processes cost latency (ADR 009).
     */
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .default("1")
      .transform((value) => (value === "auto" ? availableParallelism() : value || "1"))
      .pipe(
        z.coerce
          .number<string | number>({ message: workerCountMessage })
          .int(workerCountMessage)
          .min(1, workerCountMessage)
          .max(32, workerCountMessage),
      ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
      });
    }
    if (env.SMTP_URL && !(env.MAIL_FROM && env.NOTIFY_TO)) {
      ctx.addIssue({
        code: "custom",
        path: [env.MAIL_FROM ? "NOTIFY_TO" : "MAIL_FROM"],
        message: "SMTP_URL needs MAIL_FROM and NOTIFY_TO",
      });
    }
  });

export type Config = Omit<z.infer<typeof envSchema>, "SITE_URL"> & {
  SITE_URL: string;
  /** True when SITE_URL is https: cookies get Secure and responses HSTS. */
  secure: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const siteUrl = (result.data.SITE_URL ?? `http://localhost:${result.data.PORT}`).replace(
    /\/+$/,
    "",
  );
  return { ...result.data, SITE_URL: siteUrl, secure: siteUrl.startsWith("https:") };
}

/**
 * The folder uploads were kept in before the database held them, read once at start to
 * import them: UPLOADS_DIR, else uploads/ next to the SQLite file.
 */
export function getUploadsDir(config: Pick<Config, "UPLOADS_DIR" | "DATABASE_URL">): string {
  if (config.UPLOADS_DIR) return resolve(config.UPLOADS_DIR);
  const sqlitePath = /^file:(.+)$/.exec(config.DATABASE_URL)?.[1];
  return sqlitePath ? resolve(dirname(sqlitePath), "uploads") : resolve("data", "uploads");
}

/** This instance's image cache folder: IMAGE_CACHE_DIR, else image-cache/ next to the SQLite file. */
export function getImageCacheDir(config: Pick<Config, "IMAGE_CACHE_DIR" | "DATABASE_URL">): string {
  if (config.IMAGE_CACHE_DIR) return resolve(config.IMAGE_CACHE_DIR);
  const sqlitePath = /^file:(.+)$/.exec(config.DATABASE_URL)?.[1];
  return sqlitePath ? resolve(dirname(sqlitePath), "image-cache") : resolve("data", "image-cache");
}
