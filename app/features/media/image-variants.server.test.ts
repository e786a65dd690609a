// The render queue behind the image sizes handler: never more renders at once than its bound, a
// bounded wait, and a slot handed on whether a render succeeds or fails. (The handler itself is
// tested over HTTP in tests/integration/image-variants.test.ts.)
import { describe, expect, it } from "vitest";
import { createRenderQueue } from "./image-variants.server";

function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

describe("createRenderQueue", () => {
  it("runs at most `concurrency` tasks at once and refuses past the queue's limit", async () => {
    const queue = createRenderQueue(2, 1);
    let running = 0;
    let most = 0;
    const gates = [createGate(), createGate(), createGate()];
    const task = (index: number) => async () => {
      running++;
      most = Math.max(most, running);
      await gates[index]?.opened;
      running--;
      return index;
    };
    const first = queue.run(task(0));
    const second = queue.run(task(1));
    const third = queue.run(task(2));
    expect(queue.run(task(2))).toBeUndefined();
    for (const gate of gates) gate.open();
    expect(await Promise.all([first, second, third])).toEqual([0, 1, 2]);
    expect(most).toBe(2);
  });

  it("hands a failed task's slot to the next one", async () => {
    const queue = createRenderQueue(1, 2);
    const failing = queue.run(async () => {
      throw new Error("cannot decode");
    });
    const next = queue.run(async () => "made");
    await expect(failing).rejects.toThrow("cannot decode");
    expect(await next).toBe("made");
    // Both finished: the queue has room again for a full set.
    expect(queue.run(async () => 1)).toBeDefined();
    expect(queue.run(async () => 2)).toBeDefined();
    expect(queue.run(async () => 3)).toBeDefined();
  });
});
