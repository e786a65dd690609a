// The memory of recent page fetches: per client network, only for clients without a valid
// form-shown cookie, behind proxies as Express sees the client, and bounded.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRequestNetworks } from "~/platform/client-network.server";
import type { TrustProxy } from "~/platform/config.server";
import { signFormToken } from "~/platform/form-cookie.server";
import {
  findRecentPageFetch,
  forgetPageFetches,
  maxRememberedNetworks,
  notePageFetch,
  recordPageFetch,
} from "./page-fetches.server";
import { contactMinimumFillMs } from "./spam.server";

const secret = "test-secret-0123456789";

describe("findRecentPageFetch", () => {
  beforeEach(() => forgetPageFetches());

  it("answers the latest fetch of the client's network, an IPv6 /64 being one network", async () => {
    notePageFetch("203.0.113.7", 1000);
    notePageFetch("203.0.113.7", 1500);
    notePageFetch("2001:db8:1:2::/64", 1200);
    expect(await findRecentPageFetch("203.0.113.7", 2000)).toBe(1500);
    expect(await findRecentPageFetch("::ffff:203.0.113.7", 2000)).toBe(1500);
    expect(await findRecentPageFetch("2001:db8:1:2:aaaa::1", 2000)).toBe(1200);
    expect(await findRecentPageFetch("203.0.113.8", 2000)).toBeUndefined();
  });

  it("forgets a fetch once it is older than the longest minimum fill time", async () => {
    notePageFetch("203.0.113.7", 1000);
    expect(await findRecentPageFetch("203.0.113.7", 1000 + contactMinimumFillMs - 1)).toBe(1000);
    expect(await findRecentPageFetch("203.0.113.7", 1000 + contactMinimumFillMs)).toBeUndefined();
  });

  it("keeps at most its bound of networks, forgetting the oldest fetches first", async () => {
    for (let index = 0; index <= maxRememberedNetworks; index++) {
      notePageFetch(`net-${index}`, 5000);
    }
    notePageFetch("203.0.113.7", 5001);
    expect(await findRecentPageFetch("203.0.113.7", 5002)).toBe(5001);
    expect(await findRecentPageFetch("net-0", 5002)).toBeUndefined();
    expect(await findRecentPageFetch("net-1", 5002)).toBeUndefined();
    expect(await findRecentPageFetch(`net-${maxRememberedNetworks}`, 5002)).toBe(5000);
  });
});

describe("recordPageFetch on a real HTTP request", () => {
  let server: Server;
  let url = "";
  let trustProxy: TrustProxy = "loopback";

  beforeAll(async () => {
    server = createServer((req, res) => {
      const networkOf = createRequestNetworks(
        express().set("trust proxy", trustProxy).get("trust proxy fn"),
      );
      recordPageFetch(req, networkOf(req), false, secret);
      res.end("page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    forgetPageFetches();
    trustProxy = "loopback";
  });

  async function fetchPage(headers: Record<string, string>) {
    const before = Date.now();
    await (await fetch(url, { headers })).text();
    return before;
  }

  it("notes a cookieless fetch under the client a trusted proxy names", async () => {
    const before = await fetchPage({ "x-forwarded-for": "198.51.100.4, 127.0.0.1" });
    expect(await findRecentPageFetch("198.51.100.4")).toBeGreaterThanOrEqual(before);
    expect(await findRecentPageFetch("127.0.0.1")).toBeUndefined();
  });

  it("believes no forwarded address from a peer that is not a trusted proxy", async () => {
    trustProxy = false;
    const before = await fetchPage({ "x-forwarded-for": "198.51.100.4" });
    expect(await findRecentPageFetch("127.0.0.1")).toBeGreaterThanOrEqual(before);
    expect(await findRecentPageFetch("198.51.100.4")).toBeUndefined();
  });

  it("leaves out a browser with a valid form-shown cookie, but not one with a forged cookie", async () => {
    await fetchPage({
      "x-forwarded-for": "198.51.100.5",
      cookie: `theme=dark; form_shown=${signFormToken(secret, Date.now() - 60_000)}`,
    });
    expect(await findRecentPageFetch("198.51.100.5")).toBeUndefined();
    await fetchPage({
      "x-forwarded-for": "198.51.100.6",
      cookie: `form_shown=${signFormToken("not-the-secret", Date.now() - 60_000)}`,
    });
    expect(await findRecentPageFetch("198.51.100.6")).toBeDefined();
  });
});
