// The loop monitor with a real blocked loop: a request that holds it 300 ms synchronously is named
// in the stall's log line and shows in the max; work that ended before the stall is not; a job
// still under way is named too.
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type LoopMonitor, startLoopMonitor, trackWork } from "./loop-monitor.server";

type Line = { msg: string; stallMs?: number; heldBy?: string[] };

/** Keeps the loop busy, as a synchronous database read or render would. */
function holdLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe("the event loop monitor", () => {
  let monitor: LoopMonitor | undefined;
  afterEach(() => monitor?.stop());

  function start(): Line[] {
    const lines: Line[] = [];
    monitor = startLoopMonitor({
      logger: pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    });
    return lines;
  }

  it("logs a stall past 100 ms with the request that held the loop, and reports it", async () => {
    const lines = start();
    const earlier = trackWork("GET /finished-before");
    earlier();
    await sleep(60);
    const done = trackWork("GET /admin/insights?period=365d");
    holdLoop(300);
    done();
    await sleep(60);
    // The machine may pause the process too: the line looked for is the one naming the request.
    const stall = lines.find((line) => line.heldBy?.includes("GET /admin/insights?period=365d"));
    expect(stall?.heldBy).toEqual(["GET /admin/insights?period=365d"]);
    expect(stall?.msg).toContain("GET /admin/insights?period=365d");
    expect(stall?.stallMs).toBeGreaterThan(100);
    const delay = monitor?.read();
    expect(delay?.maxMs).toBeGreaterThan(100);
    expect(delay?.p99Ms).toBeGreaterThan(0);
    expect(delay?.stalls).toBeGreaterThanOrEqual(1);
  });

  it("leaves long query values (tokens) out of the line", async () => {
    const lines = start();
    const done = trackWork(`GET /newsletter/confirm?token=${"a".repeat(40)}&from=mail`);
    holdLoop(200);
    done();
    await sleep(60);
    expect(lines.at(-1)?.heldBy).toEqual(["GET /newsletter/confirm?token=…&from=mail"]);
  });

  it("names a job still under way when the loop turns again", async () => {
    const lines = start();
    const done = trackWork("job: write the 404 log");
    holdLoop(200);
    await sleep(60);
    done();
    expect(lines.at(-1)?.heldBy).toEqual(["job: write the 404 log"]);
    expect(lines.at(-1)?.msg).toMatch(/^Event loop stalled \d+ ms: job: write the 404 log$/);
  });
});
