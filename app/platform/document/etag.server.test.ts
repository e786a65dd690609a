import { describe, expect, it } from "vitest";
import {
  computeDataEtag,
  computeDocumentEtag,
  type DocumentState,
  matchesIfNoneMatch,
} from "./etag.server";

const state: DocumentState = {
  buildVersion: "abc123",
  url: "/blog?q=cloud",
  statusCode: 200,
  loaderData: {
    root: { isAdmin: false, nonce: "n1" },
    "features/pages/routes/blog": { articles: ["a"] },
  },
};

describe("computeDocumentEtag", () => {
  it("is a weak ETag that stays the same for the same page state", () => {
    const etag = computeDocumentEtag(state);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(computeDocumentEtag(structuredClone(state))).toBe(etag);
  });

  it("ignores the per-request CSP nonce and signed form timestamp", () => {
    expect(
      computeDocumentEtag({
        ...state,
        loaderData: {
          root: { isAdmin: false, nonce: "n2", formToken: "1795300000000.sig" },
          "features/pages/routes/blog": { articles: ["a"] },
        },
      }),
    ).toBe(
      computeDocumentEtag({
        ...state,
        loaderData: {
          root: { isAdmin: false, nonce: "n1", formToken: "1795299999000.other" },
          "features/pages/routes/blog": { articles: ["a"] },
        },
      }),
    );
  });

  it("changes with the data, the admin flag, the address, the status and the build", () => {
    const etag = computeDocumentEtag(state);
    const variants: DocumentState[] = [
      {
        ...state,
        loaderData: { root: { isAdmin: false }, "features/pages/routes/blog": { articles: ["b"] } },
      },
      {
        ...state,
        loaderData: { root: { isAdmin: true }, "features/pages/routes/blog": { articles: ["a"] } },
      },
      { ...state, url: "/blog?q=clouds" },
      { ...state, statusCode: 404 },
      { ...state, buildVersion: "def456" },
      { ...state, errors: { "features/pages/routes/blog": { status: 404 } } },
    ];
    for (const variant of variants) expect(computeDocumentEtag(variant)).not.toBe(etag);
  });
});

describe("computeDataEtag", () => {
  it("names a navigation's data by its bytes: the same bytes, the same weak ETag", () => {
    const body = Buffer.from('[{"_1":2},"root",{"_3":4}]');
    const etag = computeDataEtag(body);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(computeDataEtag(Buffer.from(body))).toBe(etag);
    expect(computeDataEtag(Buffer.from('[{"_1":2},"root",{"_3":5}]'))).not.toBe(etag);
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
  });
});

describe("matchesIfNoneMatch", () => {
  const etag = 'W/"abc"';
  it("matches the same tag, weak or strong, in a list, or *", () => {
    expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch("*", etag)).toBe(true);
  });
  it("does not match another tag or no header", () => {
    expect(matchesIfNoneMatch('W/"abd"', etag)).toBe(false);
    expect(matchesIfNoneMatch(null, etag)).toBe(false);
    expect(matchesIfNoneMatch("", etag)).toBe(false);
  });
});
