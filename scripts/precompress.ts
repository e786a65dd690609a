// A Vite plugin that writes a brotli (quality 11) and a gzip (level 9) copy beside every
// compressible file of the client build, once at build time, so the server sends them as they
// are instead of compressing each response at a low setting (server/app.ts serves them).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const compressibleFile = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

export function precompressFiles(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = join(dir, entry);
    if (!compressibleFile.test(file) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    written += 1;
  }
  return written;
}

export function precompressPlugin(): Plugin {
  return {
    name: "precompress-client-build",
    apply: "build",
    // Once the client build is written; the server build has nothing to send as a file.
    writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      const count = precompressFiles(options.dir);
      this.environment.logger.info(`precompressed ${count} files (brotli 11, gzip 9)`);
    },
  };
}
