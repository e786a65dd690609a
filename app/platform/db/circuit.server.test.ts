import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { DatabaseCircuit, DeadlineError, withDeadline } from "./circuit.server";
import { DatabaseUnavailableError } from "./unavailable.server";

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

/** A full collection, from inside the test: what the heap holds after it is what is kept. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

describe("the database circuit", () => {
  // The probe is never asked here: every call answers at once.
  const quietProbe = { run: async () => {}, close: async () => {} };

  it("keeps nothing of a call once it has answered: 200,000 queries leave the heap as it was", async () => {
    const circuit = new DatabaseCircuit(quietProbe);
    const runQueries = async (count: number) => {
      for (let done = 0; done < count; done += 1_000) {
        await Promise.all(
          Array.from({ length: 1_000 }, (_, index) => circuit.guard(Promise.resolve(index))),
        );
      }
    };
    await runQueries(10_000);
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    await runQueries(200_000);
    collectGarbage();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1e6;
    expect(grownMb).toBeLessThan(5);
  });

  it("gives up every call under way at once when the database is found gone", async () => {
    const circuit = new DatabaseCircuit(quietProbe);
    const never = new Promise<never>(() => {});
    const calls = [circuit.guard(never), circuit.guard(never)];
    circuit.noteFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    for (const call of calls) await expect(call).rejects.toThrow(DatabaseUnavailableError);
    expect(circuit.state().open).toBe(true);
    // A call that answered before is not touched; a new one is refused at the door.
    expect(() => circuit.check()).toThrow("The database is not answering");
  });
});
