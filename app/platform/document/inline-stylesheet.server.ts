// The public stylesheet (app.css), inlined into every HTML page in production so the first paint
// waits for no stylesheet request (about 9 KB gzipped; cached pages make it cheap to send). Read
// once at boot from the client build; its hash is constant per build, for a hash-based CSP.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import stylesheetUrl from "~/app.css?url";

let inlined: { css: string; hash: string } | undefined;

/** Reads the built stylesheet from the client build folder (production only). */
export function loadInlineStylesheet(clientDir: string): void {
  const css = readFileSync(join(clientDir, stylesheetUrl), "utf8");
  inlined = { css, hash: `sha256-${createHash("sha256").update(css).digest("base64")}` };
}

/** The stylesheet's text, or undefined when it is not inlined (development). */
export function getInlineStylesheet(): string | undefined {
  return inlined?.css;
}

/** The CSP source of the inlined <style> ('sha256-...'), for a policy without 'unsafe-inline'. */
export function getInlineStylesheetHash(): string | undefined {
  return inlined?.hash;
}
