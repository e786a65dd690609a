import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DeadlineError, withDeadline } from "./circuit.server";

describe("withDeadline", () => {
  it("hears an answer that arrived while the event loop was blocked past the deadline", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deadline-"));
    const written = join(dir, "written");
    try {
      // Another process answers through a pipe, as a database does through its socket, and then
      // leaves a file to say the answer is in the pipe.
      const child = spawn("sh", ["-c", `echo answer; touch '${written}'`]);
      child.stdout.setEncoding("utf8");
      const answer = new Promise<string>((resolve) =>
        child.stdout.once("data", (text: string) => resolve(text.trim())),
      );
      const waiting = withDeadline(answer, 200, "The database");
      // The event loop is kept busy, as by a long render, until the answer waits unread in the
      // pipe and the deadline's time has gone by twice over.
      const started = performance.now();
      while (!existsSync(written) || performance.now() - started < 400) {
        if (performance.now() - started > 10_000)
          throw new Error("The other process never answered");
      }
      await expect(waiting).resolves.toBe("answer");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
