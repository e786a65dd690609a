// The overload answer as a client sees it: 503, Retry-After, never cached; JSON for the API.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendBusy } from "./page-cache.server";

describe("sendBusy", () => {
  const server = createServer((req, res) => sendBusy(res, 3, req.url ?? ""));
  let url = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers a page with text and the API with JSON, both 503 with Retry-After and no-store", async () => {
    const page = await fetch(`${url}/blog`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("3");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Please try again in a moment");
    const api = await fetch(`${url}/api/contact`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("3");
    expect(await api.json()).toEqual({
      message: "The site is very busy right now. Please try again in a moment.",
    });
  });
});
