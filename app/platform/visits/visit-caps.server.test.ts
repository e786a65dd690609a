// The visit counter's bounds in isolation: new visitors per network per hour, new distinct origin
// values per day, the origin values as counted (cut, cleaned, one name per known source).
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { readSourceName } from "./visit-attribution";
import { createNetworkAllowance, createValueCaps, otherValue } from "./visit-caps.server";
import {
  normalizeCampaign,
  normalizeReferrerHost,
  normalizeUtmValue,
  readVisitOrigin,
} from "./visit-request.server";

const hour = 3_600_000;

describe("the new visitors a network may add", () => {
  it("allows so many an hour per network, then none until the hour from its first has passed", () => {
    const allowance = createNetworkAllowance(3);
    const taken = (network: string, at: number) => allowance.take(network, at);
    expect([1, 2, 3, 4, 5].map((n) => taken("192.0.2.1", n * 1000))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // Another network has its own allowance.
    expect(taken("192.0.2.2", 6000)).toBe(true);
    expect(taken("192.0.2.1", 1000 + hour - 1)).toBe(false);
    expect(taken("192.0.2.1", 1000 + hour)).toBe(true);
  });

  it("follows a bounded number of networks", () => {
    const allowance = createNetworkAllowance(1, 100);
    for (let n = 0; n < 1000; n++) allowance.take(`10.0.${n >> 8}.${n & 255}`, 0);
    expect(allowance.size).toBe(100);
  });
});

describe("the new origin values of a day", () => {
  it("keeps the first values of the day, counts further new ones as other, and starts again the next day", () => {
    const caps = createValueCaps(2);
    const keep = (day: string, value: string) => caps.keep(day, "campaign", value);
    expect(["a", "b", "c", "a", "b", "d"].map((value) => keep("2026-11-29", value))).toEqual([
      "a",
      "b",
      otherValue,
      "a",
      "b",
      otherValue,
    ]);
    // Each column has its own values; no value is no value.
    expect(caps.keep("2026-11-29", "medium", "c")).toBe("c");
    expect(keep("2026-11-29", "")).toBe("");
    expect(keep("2026-11-30", "c")).toBe("c");
    expect(caps.size).toBe(1);
  });

  it("counts the values the day already has in the database, so a restart does not reopen the cap", () => {
    const caps = createValueCaps(2);
    const day = "2026-11-29";
    expect(caps.isSeeded(day)).toBe(false);
    caps.seed(day, { referrerHost: [], source: ["x", "y"], medium: [], campaign: [] });
    expect(caps.isSeeded(day)).toBe(true);
    expect(caps.keep(day, "source", "y")).toBe("y");
    expect(caps.keep(day, "source", "z")).toBe(otherValue);
    expect(caps.keep(day, "referrerHost", "z.example")).toBe("z.example");
    expect(caps.isSeeded("2026-11-30")).toBe(false);
  });
});

function originOf(url: string, referer?: string) {
  const req = { headers: referer ? { referer } : {} } as unknown as IncomingMessage;
  return readVisitOrigin(req, url, "site.example");
}

describe("origin values as counted", () => {
  it("cuts long values and keeps only visible characters, single spaces and hostname characters", () => {
    const long = "x".repeat(14_000);
    const origin = originOf(
      `/about?utm_medium=E%E2%80%8BMail&utm_campaign=${encodeURIComponent("  Spring \n\t Sale\u0000\u202e ")}&utm_source=${long}`,
      `https://WWW.${"a".repeat(300)}.example/path`,
    );
    expect(origin.source).toBe("x".repeat(100));
    expect(origin.medium).toBe("email");
    expect(origin.campaign).toBe("Spring Sale");
    expect(origin.referrerHost).toBe("a".repeat(100));
    expect(normalizeReferrerHost("News.Example.ORG.")).toBe("news.example.org");
    expect(normalizeReferrerHost("www.exa_mple.com")).toBe("example.com");
    expect(normalizeUtmValue("  News  Letter ")).toBe("news letter");
    // A cut never leaves half of a character written as two UTF-16 units.
    expect(normalizeCampaign(`${"a".repeat(99)}😀b`)).toBe("a".repeat(99));
  });

  it("takes a source from the referrer host when the link names none, and no referrer from the site itself", () => {
    expect(originOf("/", "https://www.LinkedIn.com/feed/")).toEqual({
      referrerHost: "linkedin.com",
      source: "linkedin.com",
      medium: "",
      campaign: "",
    });
    expect(originOf("/", "https://site.example/blog").referrerHost).toBe("");
    expect(originOf("/", "not a url").referrerHost).toBe("");
  });

  it("names every alias of a known source by its one name, and that name by itself", () => {
    for (const [alias, name] of [
      ["linkedin.com", "LinkedIn"],
      ["lnkd.in", "LinkedIn"],
      ["linkedin", "LinkedIn"],
      ["t.co", "X (Twitter)"],
      ["x.com", "X (Twitter)"],
      ["m.facebook.com", "Facebook"],
      ["fb", "Facebook"],
      ["google.co.uk", "Google"],
      ["youtu.be", "YouTube"],
      ["duckduckgo.com", "DuckDuckGo"],
      ["bing.com", "Bing"],
      ["instagram.com", "Instagram"],
      ["old.reddit.com", "Reddit"],
    ]) {
      expect(readSourceName(alias as string)).toBe(name);
      expect(readSourceName(name as string)).toBe(name);
    }
    expect(readSourceName("news.example.org")).toBe("news.example.org");
    expect(readSourceName(otherValue)).toBe(otherValue);
  });
});
