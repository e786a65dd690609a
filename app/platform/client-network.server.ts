// The network a client address stands for, the key of every per-client cap and limit: an IPv4
// address is its own network; an IPv6 address stands for its /64, since a subscriber usually holds
// a whole /64 and rotating within it must not buy a fresh allowance.
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6, type Socket } from "node:net";

/** The eight 16-bit groups of an address isIPv6 accepted, however it is written. */
function expandIPv6(address: string): number[] {
  let text = address;
  // An embedded dotted IPv4 tail ("::ffff:1.2.3.4") stands for the last two groups.
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = text
      .slice(lastColon + 1)
      .split(".")
      .map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const gap = text.indexOf("::");
  const head = gap === -1 ? text : text.slice(0, gap);
  const tail = gap === -1 ? "" : text.slice(gap + 2);
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = new Array<number>(8).fill(0);
  for (let i = 0; i < headGroups.length; i++) groups[i] = Number.parseInt(headGroups[i] ?? "", 16);
  for (let i = 0; i < tailGroups.length; i++) {
    groups[8 - tailGroups.length + i] = Number.parseInt(tailGroups[i] ?? "", 16);
  }
  return groups;
}

/**
 * "203.0.113.7" for IPv4 (also when written IPv4-mapped, "::ffff:203.0.113.7"), "2001:db8:1:2::/64"
 * for IPv6. Anything that is no address is its own group, as given.
 */
export function getClientNetwork(address: string): string {
  // No address is longer ("ffff:...:255.255.255.255%zone"): a forwarded oddity is not kept.
  if (address.length > 64) return findNetwork(address);
  let network = recent.get(address);
  if (network === undefined) {
    network = findNetwork(address);
    // The request caps ask for every request: recent answers are kept, a bounded number.
    if (recent.size >= 4_096) recent.clear();
    recent.set(address, network);
  }
  return network;
}

const recent = new Map<string, string>();

function findNetwork(address: string): string {
  // A zone (fe80::1%eth0) names the server's interface, not a different client.
  const bare = address.split("%")[0] ?? "";
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = expandIPv6(bare);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, high = 0, low = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${g0.toString(16)}:${g1.toString(16)}:${g2.toString(16)}:${g3.toString(16)}::/64`;
}

/** Express's compiled `trust proxy fn` (TRUST_PROXY): is this hop a proxy we believe? */
export type TrustRule = (address: string, hop: number) => boolean;

/**
 * The network of the client behind a request, as Express's `req.ip` works it out: X-Forwarded-For
 * walked from the right while each hop is a trusted proxy; a trusted peer that forwards nothing is
 * its own client. The peer's part is worked out once per connection: parsing addresses for the
 * proxy rule is a measurable share of a cache hit. One of these serves every per-network cap.
 */
export function createRequestNetworks(isTrustedProxy: TrustRule): (req: IncomingMessage) => string {
  const peers = new WeakMap<Socket, { trusted: boolean; network: string }>();
  return (req) => {
    let peer = peers.get(req.socket);
    if (!peer) {
      const address = req.socket.remoteAddress ?? "";
      peer = { trusted: isTrustedProxy(address, 0), network: getClientNetwork(address) };
      peers.set(req.socket, peer);
    }
    const header = req.headers["x-forwarded-for"];
    if (!peer.trusted || !header) return peer.network;
    const chain = String(header)
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (let hop = 1; hop <= chain.length; hop++) {
      const address = chain[chain.length - hop] ?? "";
      if (hop === chain.length || !isTrustedProxy(address, hop)) return getClientNetwork(address);
    }
    return peer.network;
  };
}
