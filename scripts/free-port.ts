// TCP ports nobody listens on right now, for servers a script or test starts on loopback.
import { createServer, type Server } from "node:net";

/** Free ports, all different: each is held until every one is found. */
export async function findFreePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let index = 0; index < count; index++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", resolve);
      });
      const address = server.address();
      if (typeof address !== "object" || !address) throw new Error("No port was given");
      ports.push(address.port);
    }
    return ports;
  } finally {
    await Promise.all(
      servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
    );
  }
}

export async function findFreePort(): Promise<number> {
  const [port] = await findFreePorts(1);
  if (port === undefined) throw new Error("No port was given");
  return port;
}
