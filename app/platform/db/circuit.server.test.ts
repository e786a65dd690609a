import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DeadlineError, withDeadline } from "./circuit.server";

/** Keeps the event loop busy, as a long render does: no timer or socket is looked at meanwhile. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** A line another process prints after `afterMs`, heard through a pipe as a database's answer is. */
function answerFromAnotherProcess(afterMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", `sleep ${afterMs / 1000}; echo answer`]);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => resolve(text.trim()));
    child.on("error", reject);
  });
}

describe("withDeadline", () => {
  it("hears an answer that arrived while the event loop was blocked past the deadline", async () => {
    const answer = answerFromAnotherProcess(50);
    const waiting = withDeadline(answer, 200, "The database");
    // The answer comes at 50 ms, the deadline's time goes by at 200 ms, and the loop wakes at 800.
    blockEventLoop(800);
    await expect(waiting).resolves.toBe("answer");
  });

  it("gives up on a silence once the process has listened for the whole deadline", async () => {
    const started = performance.now();
    const silent = new Promise<never>(() => {});
    const error = await withDeadline(silent, 200, "The database").catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as Error).message).toBe("The database did not answer within 200 ms");
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1_000);
  });
});
