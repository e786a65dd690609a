// Hash-based CSP for cached pages: every inline script by hash, external ones left to 'self'.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildDocumentCsp, hashInlineScripts } from "./security-headers.server";

const sha = (text: string) => createHash("sha256").update(text).digest("base64");

describe("hashInlineScripts", () => {
  it("hashes each inline script the renderer marked, once, and nothing else", () => {
    const html =
      '<script nonce="r1">window.a=1</script><script type="module" nonce="r1">import "/x.js";</script>' +
      '<script src="/assets/app.js" nonce="r1"></script><script nonce="r1">window.a=1</script>' +
      // Injected into the markup (stored XSS): no marker, so not allowed to run.
      '<script>alert(1)</script><script nonce="guess">alert(2)</script>';
    expect(hashInlineScripts(html, "r1")).toEqual([sha("window.a=1"), sha('import "/x.js";')]);
  });
});

describe("buildDocumentCsp", () => {
  it("names the hashes without 'unsafe-inline' or a nonce for a cached page", () => {
    const policy = buildDocumentCsp({ scriptHashes: ["abc="] });
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/);
  });

  it("uses the nonce with 'strict-dynamic' for a page rendered per request", () => {
    expect(buildDocumentCsp({ nonce: "n0" })).toContain("script-src 'nonce-n0' 'strict-dynamic'");
  });
});
