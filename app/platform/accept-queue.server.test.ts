// The kernel's accept queue as the overload guard reads it: the backlog a process finds waiting
// when it begins to listen is owed an answer for its first seconds.
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { readAcceptQueue, readStartBacklog, watchAcceptQueue } from "./accept-queue.server";

describe.skipIf(process.platform !== "linux")("accept queue", () => {
  it("counts the connections waiting when the port is watched, as the start's backlog", async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      // Three clients connect while this process's loop cannot accept (spawnSync holds it), as
      // visitors queue in a shared socket while no process takes them.
      const opened = spawnSync("bash", [
        "-c",
        `exec 3<>/dev/tcp/127.0.0.1/${port} 4<>/dev/tcp/127.0.0.1/${port} 5<>/dev/tcp/127.0.0.1/${port}`,
      ]);
      expect(opened.status).toBe(0);
      watchAcceptQueue(port);
      expect(readStartBacklog()).toBe(3);
      expect(readAcceptQueue()).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
