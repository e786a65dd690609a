// Fair caps on open connections: a small share per client network, and when the server is full a
// newcomer takes the place of an idle connection of the network holding the most, so idle or
// half-open sockets from many networks cannot lock visitors out.
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import { getClientNetwork } from "~/platform/client-network.server";

export type ConnectionLimits = {
  /** Open connections in all; with every one of them mid-request, a new one is refused. */
  total: number;
  /** Open connections of one client network (not counting trusted proxies' own). */
  perNetwork: number;
};

/**
 * 4,000 stays far below what exhausts file descriptors. 64 per network is ten browsers' worth of
 * connections behind one office address, and 1.6% of the total: filling the server takes 63
 * networks, and even then each newcomer pushes out an idle one of the biggest holder.
 */
export const defaultConnectionLimits: ConnectionLimits = { total: 4_000, perNetwork: 64 };

type Connection = { socket: Socket; network: Network; requests: number };
/** One network's open connections, oldest first, and how many of them are mid-request. */
type Network = { key: string; connections: Set<Connection>; busy: number };

export type ConnectionCapsOptions = {
  logger: Logger;
  limits?: ConnectionLimits;
  /**
   * Peers that are trusted reverse proxies: they hold the connections of many clients, so the
   * per-network cap does not apply to them (the request caps key on the forwarded address).
   */
  isTrustedPeer?: (address: string) => boolean;
};

/** Connections open now, and how many of them are mid-request (a test and diagnostics aid). */
export type ConnectionCounts = { open: number; busy: number; networks: number };

/** Applies the caps to every connection server accepts; returns a reader of its counts. */
export function capConnections(
  server: Server,
  options: ConnectionCapsOptions,
): { readCounts(): ConnectionCounts } {
  const limits = options.limits ?? defaultConnectionLimits;
  const networks = new Map<string, Network>();
  const bySocket = new WeakMap<Socket, Connection>();
  // Node's own maxConnections stays unset: it would refuse a newcomer before an idle connection
  // could make room for it.
  let open = 0;

  const lastWarned = new Map<string, number>();
  /** One line per kind and network per minute, so a flood does not flood the log too. */
  function warn(key: string, message: string, details: Record<string, unknown>) {
    const now = Date.now();
    if (now - (lastWarned.get(key) ?? 0) < 60_000) return;
    if (lastWarned.size > 10_000) lastWarned.clear();
    lastWarned.set(key, now);
    options.logger.warn(details, message);
  }

  function forget(connection: Connection) {
    const { network } = connection;
    if (!network.connections.delete(connection)) return;
    open--;
    if (connection.requests > 0) network.busy--;
    if (network.connections.size === 0) networks.delete(network.key);
  }

  /**
   * Closes the network's oldest connection that is not answering a request (an idle keep-alive
   * one, or one whose request head has not arrived yet); false when every one is mid-request.
   */
  function closeIdle(network: Network): boolean {
    if (network.busy >= network.connections.size) return false;
    for (const connection of network.connections) {
      if (connection.requests > 0) continue;
      forget(connection);
      connection.socket.destroy();
      return true;
    }
    return false;
  }

  /** The network with the most connections of which at least one is idle. */
  function findBiggestIdleHolder(): Network | undefined {
    let biggest: Network | undefined;
    for (const network of networks.values()) {
      if (network.busy >= network.connections.size) continue;
      if (!biggest || network.connections.size > biggest.connections.size) biggest = network;
    }
    return biggest;
  }

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const key = getClientNetwork(address);
    const network = networks.get(key);
    if (
      network &&
      network.connections.size >= limits.perNetwork &&
      !options.isTrustedPeer?.(address)
    ) {
      // The network's own idle connection makes room: a crowd behind one address keeps working,
      // an attacker's idle sockets only push out each other.
      warn(`network:${key}`, "Too many connections from one network: closing its idle ones", {
        limit: limits.perNetwork,
      });
      if (!closeIdle(network)) {
        socket.destroy();
        return;
      }
    }
    if (open >= limits.total) {
      warn("total", "Connection limit reached: closing idle connections of the biggest holder", {
        limit: limits.total,
      });
      const biggest = findBiggestIdleHolder();
      if (!biggest || !closeIdle(biggest)) {
        socket.destroy();
        return;
      }
    }
    const holder = networks.get(key) ?? { key, connections: new Set(), busy: 0 };
    networks.set(key, holder);
    const connection: Connection = { socket, network: holder, requests: 0 };
    holder.connections.add(connection);
    bySocket.set(socket, connection);
    open++;
    socket.once("close", () => forget(connection));
  });

  // A connection is busy from its request's head until its answer is done or abandoned.
  server.on("request", (req, res) => {
    const connection = bySocket.get(req.socket);
    if (!connection) return;
    if (connection.requests++ === 0) connection.network.busy++;
    res.once("close", () => {
      if (--connection.requests === 0 && connection.network.connections.has(connection)) {
        connection.network.busy--;
      }
    });
  });

  return {
    readCounts() {
      let busy = 0;
      for (const network of networks.values()) busy += network.busy;
      return { open, busy, networks: networks.size };
    },
  };
}
