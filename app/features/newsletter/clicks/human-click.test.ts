import { describe, expect, it } from "vitest";
import {
  defaultBurstMs,
  defaultHandoverMs,
  findBursts,
  isScannerAgent,
  readMachineReason,
} from "./human-click";

const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("the human click checks", () => {
  it("wait 10 s after the hand-over and take links 3 s apart as a burst, by default", () => {
    expect(defaultHandoverMs).toBe(10_000);
    expect(defaultBurstMs).toBe(3_000);
    const handedOverAt = 1_000_000;
    const click = { method: "GET", userAgent: chrome, handedOverAt };
    expect(readMachineReason({ ...click, at: handedOverAt + 9_999 })).toBe("hand-over");
    expect(readMachineReason({ ...click, at: handedOverAt + 10_000 })).toBeUndefined();
    expect(
      findBursts([
        { position: 1, at: 0 },
        { position: 2, at: 3_000 },
      ]),
    ).toEqual(new Set([0, 1]));
    expect(
      findBursts([
        { position: 1, at: 0 },
        { position: 2, at: 3_001 },
      ]),
    ).toEqual(new Set());
  });

  it("take a HEAD, a copy not handed over yet and scanners' agents as machines, a browser as a person", () => {
    const late = { at: 60_000, handedOverAt: 0 };
    expect(readMachineReason({ ...late, method: "HEAD", userAgent: chrome })).toBe("head");
    expect(readMachineReason({ ...late, method: "GET", userAgent: iphone })).toBeUndefined();
    expect(
      readMachineReason({ at: 60_000, handedOverAt: null, method: "GET", userAgent: chrome }),
    ).toBe("hand-over");
    expect(readMachineReason({ ...late, method: "GET", userAgent: "curl/8.5.0" })).toBe("scanner");
  });

  it.each([
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b",
    "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)",
    "Mozilla/5.0 (compatible; SafeLinks)",
    "Proofpoint URL Defense",
    "Mimecast-Security-Scanner/1.0",
    "Barracuda Sentinel (EE)",
    "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "curl/8.5.0",
    "Wget/1.21.4",
    "python-requests/2.32.3",
    "Python-urllib/3.12",
    "Go-http-client/1.1",
    "node-fetch/1.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "",
  ])("know %j for a scanner or script", (agent) => {
    expect(isScannerAgent(agent)).toBe(true);
  });

  it("take no browser for a scanner, nor a phone whose name ends in 'bot'", () => {
    expect(isScannerAgent(chrome)).toBe(false);
    expect(isScannerAgent(iphone)).toBe(false);
    expect(
      isScannerAgent("Mozilla/5.0 (Linux; Android 12; Cubot KingKong) Mobile Safari/537.36"),
    ).toBe(false);
    expect(isScannerAgent(undefined)).toBe(true);
  });

  it("mark every click of a burst across links, never one link clicked twice, nor clicks spaced out", () => {
    const scanner = [0, 200, 400, 600].map((at, index) => ({ position: index + 1, at }));
    expect(findBursts(scanner)).toEqual(new Set([0, 1, 2, 3]));
    // A person who clicks a link twice, then another one a while later.
    const person = [
      { position: 1, at: 0 },
      { position: 1, at: 500 },
      { position: 2, at: 20_000 },
    ];
    expect(findBursts(person)).toEqual(new Set());
    // Order given is not time order: indexes are the given ones.
    expect(
      findBursts([
        { position: 2, at: 5_000 },
        { position: 1, at: 100 },
        { position: 3, at: 300 },
      ]),
    ).toEqual(new Set([1, 2]));
    expect(findBursts([])).toEqual(new Set());
  });

  it("judges a flood of 50,000 clicks of one copy in one pass", () => {
    const flood = Array.from({ length: 50_000 }, (_, index) => ({ position: 1, at: index }));
    flood.push({ position: 2, at: 50_500 });
    const started = performance.now();
    const burst = findBursts(flood);
    expect(performance.now() - started).toBeLessThan(500);
    // The other link's click and the first link's clicks within 3 s of it.
    expect(burst.size).toBe(1 + 2_500);
  });
});
