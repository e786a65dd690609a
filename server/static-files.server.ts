// The client build's files, sent as the brotli or gzip copy made at build time
// (scripts/precompress.ts) when the browser takes it. Hashed assets are cached for a year.
import { readdirSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { getAcceptedEncodings } from "~/platform/http/accept-encoding.server";

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Every file and folder under dir, as full paths. The build does not change while the server
 * runs, so one listing at start answers every lookup: no file-system call per request, and a
 * flood of made-up asset names adds nothing (a map of lookups grew by each unique miss).
 */
function listBuildFiles(dir: string): ReadonlySet<string> {
  try {
    const entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
    return new Set(entries.map((entry) => join(dir, entry)));
  } catch {
    return new Set();
  }
}

export type PrecompressedFiles = ((req: Request, res: Response, next: NextFunction) => void) & {
  /** How many paths the lookup holds: the build's files and folders, whatever was asked for. */
  lookupSize: () => number;
};

/**
 * Serves `dir` at the mount path, preferring a precompressed copy. `immutable` marks hashed file
 * names, cached for a year; other files are cached an hour.
 */
export function servePrecompressed(
  dir: string,
  { immutable }: { immutable: boolean },
): PrecompressedFiles {
  const cache = { immutable, maxAge: immutable ? "1y" : "1h" };
  const plain = express.static(dir, { ...cache, index: false, redirect: false });
  const files = listBuildFiles(dir);
  const serve = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let path: string;
    try {
      path = normalize(decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // express.static refuses these itself (403).
    if (path.includes("..") || path.includes("\0")) return plain(req, res, next);
    const file = join(dir, path);
    // Not in the build (a page, a made-up name): nothing to serve, and no stat to learn that.
    if (!files.has(file)) return next();
    const type = contentTypes[extname(path)];
    if (!type) return plain(req, res, next);
    res.setHeader("Vary", "Accept-Encoding");
    for (const encoding of getAcceptedEncodings(req.headers["accept-encoding"])) {
      const copy = `${file}.${encoding === "br" ? "br" : "gz"}`;
      if (!files.has(copy)) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", encoding);
      return res.sendFile(copy, { ...cache, acceptRanges: false }, (error) => {
        if (error && !res.headersSent) next();
      });
    }
    return plain(req, res, next);
  };
  return Object.assign(serve, { lookupSize: () => files.size });
}
