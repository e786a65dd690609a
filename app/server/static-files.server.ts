// The client build's files, sent as the brotli or gzip copy made at build time
// (scripts/precompress.ts) when the browser takes it. Hashed assets are cached for a year.
import { existsSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { getAcceptedEncodings } from "./accept-encoding.server";

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
 * Serves `dir` at the mount path, preferring a precompressed copy. `immutable` marks hashed file
 * names, cached for a year; other files are cached an hour.
 */
export function servePrecompressed(dir: string, { immutable }: { immutable: boolean }) {
  const cache = { immutable, maxAge: immutable ? "1y" : "1h" };
  const plain = express.static(dir, { ...cache, index: false, redirect: false });
  const known = new Map<string, boolean>();
  const exists = (file: string) => {
    let found = known.get(file);
    if (found === undefined) {
      found = existsSync(file);
      known.set(file, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = contentTypes[extname(req.path)];
    let path: string;
    try {
      path = normalize(decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!type || path.includes("..") || path.includes("\0")) return plain(req, res, next);
    for (const encoding of getAcceptedEncodings(req.headers["accept-encoding"])) {
      const file = join(dir, `${path}.${encoding === "br" ? "br" : "gz"}`);
      if (!exists(file)) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      return res.sendFile(file, { ...cache, acceptRanges: false }, (error) => {
        if (error && !res.headersSent) next();
      });
    }
    if (exists(join(dir, path))) res.setHeader("Vary", "Accept-Encoding");
    return plain(req, res, next);
  };
}
