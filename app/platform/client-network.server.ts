// The network a client address stands for, the one key of every per-client cap and limit
// (connections, requests in progress, slow bodies, contact, newsletter and sign-in limits): an
// IPv4 address is its own network (/32); an IPv6 address stands for its /64, since one
// subscriber usually holds a whole /64 and rotating within it must not buy a fresh allowance.
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of a valid IPv6 address, however it is written. */
function expandIPv6(address: string): number[] {
  // The URL parser writes an IPv6 literal in its one canonical form: lowercase, compressed, and
  // with an embedded dotted IPv4 tail turned into two hex groups.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = "", tail] = canonical.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros =
    tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/**
 * "203.0.113.7" for IPv4 (also when written IPv4-mapped, "::ffff:203.0.113.7"), "2001:db8:1:2::/64"
 * for IPv6. Anything that is no address is its own group, as given.
 */
export function getClientNetwork(address: string): string {
  // A zone (fe80::1%eth0) names the server's interface, not a different client.
  const bare = address.split("%")[0] ?? "";
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = expandIPv6(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
