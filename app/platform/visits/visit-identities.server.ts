// Who a page view counts for: the visitor of a network and browser, hashed with the day's salt and
// held in memory under a fixed-size key; past the network's new visitors this hour, the network's
// one shared visitor. Crawlers by name are found here, by pace in the recorder.
import { hash } from "node:crypto";
import { isbot } from "isbot";
import { readBrowserName, readDeviceKind } from "~/platform/user-agent";
import { createNetworkAllowance } from "./visit-caps.server";

export type Identity = {
  /** The hash of network and User-Agent that keys it in memory. */
  key: string;
  visitor: string;
  bot: boolean;
  device: string;
  browser: string;
  /** Counted under its network's shared visitor: past the network's new visitors this hour. */
  shared: boolean;
};

// One-shot hashes: a third of createHash's cost, and every counted view pays it.
export function hashVisitor(salt: string, network: string, userAgent: string): string {
  return hash("sha256", `${salt}\n${network}\n${userAgent}`, "base64url").slice(0, 16);
}

/** The in-memory key of a network and browser: 22 characters of a hash, whatever their length. */
function hashIdentityKey(network: string, userAgent: string): string {
  return hash("sha256", `${network}\n${userAgent}`, "base64url").slice(0, 22);
}

/**
 * The day's identities (`clear` at each new day). `userAgent`: already cut to the part read. At
 * most `maxIdentities` are held, emptied when full.
 */
export function createVisitorIdentities(newVisitorsPerNetworkHour: number, maxIdentities: number) {
  const identities = new Map<string, Identity>();
  /** Each capped network's shared visitor today, by network. */
  const sharedVisitors = new Map<string, string>();
  const allowance = createNetworkAllowance(newVisitorsPerNetworkHour);
  let salted = "";

  /** What is held was hashed with one day's salt: asked with another, it is forgotten. */
  function switchSalt(salt: string) {
    if (salt === salted) return;
    salted = salt;
    identities.clear();
    sharedVisitors.clear();
  }

  /** A network's one visitor for the views past its new visitors (no real browser hashes to it). */
  function readSharedVisitor(salt: string, network: string): string {
    let visitor = sharedVisitors.get(network);
    if (visitor === undefined) {
      if (sharedVisitors.size >= maxIdentities) sharedVisitors.clear();
      visitor = hashVisitor(salt, network, "");
      sharedVisitors.set(network, visitor);
    }
    return visitor;
  }

  return {
    clear() {
      identities.clear();
      sharedVisitors.clear();
    },
    identify(salt: string, network: string, userAgent: string, at: number): Identity {
      switchSalt(salt);
      const key = hashIdentityKey(network, userAgent);
      const known = identities.get(key);
      if (known) return known;
      const bot = !userAgent || isbot(userAgent);
      const device = bot ? "" : readDeviceKind(userAgent);
      const browser = bot ? "" : readBrowserName(userAgent);
      if (!bot && !allowance.take(network, at)) {
        // Not kept: a client inventing a browser per request must not fill memory either.
        const visitor = readSharedVisitor(salt, network);
        return { key, visitor, bot, device, browser, shared: true };
      }
      if (identities.size >= maxIdentities) identities.clear();
      const visitor = bot ? "" : hashVisitor(salt, network, userAgent);
      const identity = { key, visitor, bot, device, browser, shared: false };
      identities.set(key, identity);
      return identity;
    },
    /** The client's own visitor (kept, else hashed again) and its network's shared one. */
    readVisitors(salt: string, network: string, userAgent: string) {
      switchSalt(salt);
      const known = identities.get(hashIdentityKey(network, userAgent));
      return {
        own: known?.visitor || hashVisitor(salt, network, userAgent),
        shared: readSharedVisitor(salt, network),
      };
    },
    readMemoryUse() {
      let identityKeyChars = 0;
      for (const key of identities.keys()) identityKeyChars += key.length;
      return { identities: identities.size, identityKeyChars, networks: allowance.size };
    },
  };
}

export type VisitorIdentities = ReturnType<typeof createVisitorIdentities>;
