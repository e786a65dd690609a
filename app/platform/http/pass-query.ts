// A redirect's address with the visitor's query string passed on, so a campaign's utm_source
// reaches the page the visitor lands on: the target's own parameters win on a clash.

function readName(pair: string): string {
  const [name = ""] = [...new URLSearchParams(pair).keys()];
  return name;
}

/** A query pair as the rules compare them: name and value decoded ("a%20b=1" is "a b=1"). */
function readPair(pair: string): string {
  const [entry] = [...new URLSearchParams(pair)];
  return entry ? `${entry[0]}=${entry[1]}` : "";
}

/**
 * `location` with the pairs of `query` (as they came, "?" or not) that it does not name itself;
 * `skip`: pairs not to pass on, in their decoded "name=value" form (those a rule matched on).
 */
export function passQuery(
  location: string,
  query: string,
  skip: ReadonlySet<string> = new Set(),
): string {
  const given = query.replace(/^\?/, "");
  if (!given) return location;
  const hashAt = location.indexOf("#");
  const beforeHash = hashAt === -1 ? location : location.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : location.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const own = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const taken = new Set(new URLSearchParams(own).keys());
  const passed = given
    .split("&")
    .filter((pair) => pair !== "" && !taken.has(readName(pair)) && !skip.has(readPair(pair)));
  if (passed.length === 0) return location;
  return `${base}?${[own, ...passed].filter(Boolean).join("&")}${hash}`;
}
