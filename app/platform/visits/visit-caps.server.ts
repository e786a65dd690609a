// The visit counter's bounds on what one client can add: new visitors per network per hour (beyond
// them a network's views count under one shared visitor), and new distinct origin values per day
// (beyond them a value is counted as "other"). Both live in fixed-size memory.
import { readSourceName } from "./visit-attribution";
import type { VisitOrigin } from "./visit-request.server";

/** What a value beyond the day's distinct values is counted as. */
export const otherValue = "other";

/** The origin columns whose distinct values are capped. */
export const cappedDimensions = ["referrerHost", "source", "medium", "campaign"] as const;
export type CappedDimension = (typeof cappedDimensions)[number];

const hourMs = 3_600_000;

/**
 * New visitors a network may add, per rolling hour from its first one: `take` says whether one
 * more fits. At most `maxNetworks` networks are followed; beyond them the oldest is forgotten.
 */
export function createNetworkAllowance(perHour: number, maxNetworks = 10_000) {
  const networks = new Map<string, { start: number; used: number }>();
  return {
    take(network: string, at: number): boolean {
      const key = network.slice(0, 64);
      let window = networks.get(key);
      if (!window || at - window.start >= hourMs) {
        networks.delete(key);
        if (networks.size >= maxNetworks) {
          const oldest = networks.keys().next().value;
          if (oldest !== undefined) networks.delete(oldest);
        }
        window = { start: at, used: 0 };
        networks.set(key, window);
      }
      if (window.used >= perHour) return false;
      window.used++;
      return true;
    },
    get size() {
      return networks.size;
    },
  };
}

/**
 * The distinct values of one day per dimension: a value already known is kept, a new one while
 * fewer than `perDay` are known joins them, anything else is "other". The day's values written by
 * earlier processes are added by `seed`, so a restart does not reopen the cap.
 */
export function createValueCaps(perDay: number) {
  let day = "";
  let seeded = false;
  const known = new Map<CappedDimension, Set<string>>(
    cappedDimensions.map((dimension) => [dimension, new Set<string>()]),
  );

  function switchDay(next: string) {
    if (next === day) return;
    day = next;
    seeded = false;
    for (const values of known.values()) values.clear();
  }

  return {
    /** The value as counted on that day: itself, or "other" beyond the day's distinct values. */
    keep(on: string, dimension: CappedDimension, value: string): string {
      if (!value) return value;
      switchDay(on);
      const values = known.get(dimension);
      if (!values || values.has(value)) return value;
      if (values.size >= perDay) return otherValue;
      values.add(value);
      return value;
    },
    isSeeded: (on: string) => on === day && seeded,
    /** Adds the values already written that day, by this process or others. */
    seed(on: string, written: Record<CappedDimension, readonly string[]>) {
      switchDay(on);
      seeded = true;
      for (const dimension of cappedDimensions) {
        const values = known.get(dimension);
        // Several processes may each have added their share: twice the cap is known, never more.
        for (const value of written[dimension]) {
          if (values && value && value !== otherValue && values.size < perDay * 2)
            values.add(value);
        }
      }
    },
    /** Values held now, over every dimension (the memory figure). */
    get size() {
      let size = 0;
      for (const values of known.values()) size += values.size;
      return size;
    },
  };
}

export type ValueCaps = ReturnType<typeof createValueCaps>;

/** A source as written: the one name of a known source, "other" past the day's new values. */
export function countSource(caps: ValueCaps, day: string, source: string): string {
  return caps.keep(day, "source", readSourceName(source));
}

/** A visit's origin as written: each value as `countSource` writes a source. */
export function countOrigin(caps: ValueCaps, day: string, origin: VisitOrigin): VisitOrigin {
  return {
    referrerHost: caps.keep(day, "referrerHost", readSourceName(origin.referrerHost)),
    source: countSource(caps, day, origin.source),
    medium: caps.keep(day, "medium", origin.medium),
    campaign: caps.keep(day, "campaign", origin.campaign),
  };
}
