// What a lead learns of the visit that brought it, and the conversions counted for the visit's
// landing page and source. A conversion's kind is its feature's name for it ("contact"...): the
// counter knows none of them.
import { getClientNetwork } from "~/platform/client-network.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { readUserAgentStart } from "~/platform/user-agent";
import { countSource } from "./visit-caps.server";
import { loadSalts } from "./visit-flush.server";
import type { VisitOrigin } from "./visit-request.server";
import { isCounting, type RecorderState } from "./visit-state.server";
import {
  readStoredAttribution,
  upsertConversion,
  upsertConversionOnce,
} from "./visit-store.server";

/** What a lead records of the visit that brought it. */
export type VisitAttribution = VisitOrigin & {
  landingPage: string;
  /** The pages viewed before the lead, oldest first (at most the last 20). */
  pagesBefore: string[];
  pageCount: number;
};

/** A visitor's visit today, from memory or from what was written. */
async function readVisitorAttribution(
  state: RecorderState,
  day: string,
  visitor: string,
): Promise<VisitAttribution | null> {
  const known = state.visitors.get(visitor);
  if (known?.bot && state.currentDay === day) return null;
  if (known && state.currentDay === day) {
    return {
      ...known.origin,
      landingPage: known.entry,
      pagesBefore: [...known.trail],
      pageCount: known.pageCount,
    };
  }
  try {
    return await readStoredAttribution(state.db, day, visitor);
  } catch (error) {
    logDatabaseError(state.logger, error, "Visit attribution unreadable");
    return null;
  }
}

/**
 * The client's visitor today and its visit: its own, else its network's shared visitor's (its
 * views were counted there when the network was past its new visitors). None while nothing is
 * counted or the salt is unknown; `attribution` null when no visit is known.
 */
async function readVisitor(state: RecorderState, clientIp: string, userAgentHeader: string | null) {
  if (!isCounting(state)) return undefined;
  const day = state.readDay(state.clock(), state.timeZone);
  if (!state.salts.has(day)) await loadSalts(state);
  const salt = state.salts.get(day);
  if (!salt) return undefined;
  const network = getClientNetwork(clientIp);
  const userAgent = readUserAgentStart(userAgentHeader);
  const { own, shared } = state.identities.readVisitors(salt, network, userAgent);
  const attribution = await readVisitorAttribution(state, day, own);
  if (attribution || own === shared) return { day, hash: own, attribution };
  const sharedAttribution = await readVisitorAttribution(state, day, shared);
  if (!sharedAttribution) return { day, hash: own, attribution };
  return { day, hash: shared, attribution: sharedAttribution };
}

/** The visit of the client behind a lead, from memory or from what was written today. */
export async function readAttribution(
  state: RecorderState,
  clientIp: string,
  userAgent: string | null,
): Promise<VisitAttribution | null> {
  return (await readVisitor(state, clientIp, userAgent))?.attribution ?? null;
}

/** Counts a conversion for the visit's landing page and source; never throws. */
export async function recordConversion(
  state: RecorderState,
  kind: string,
  attribution: VisitAttribution | null,
): Promise<void> {
  if (!isCounting(state)) return;
  const day = state.readDay(state.clock(), state.timeZone);
  try {
    await upsertConversion(state.db, {
      day,
      kind,
      entry_path: attribution?.landingPage ?? "",
      source: countSource(state.valueCaps, day, attribution?.source ?? ""),
    });
  } catch (error) {
    logDatabaseError(state.logger, error, "Conversion not counted");
  }
}

/** Counts a conversion of the client's visit once a day whatever it repeats; never throws. */
export async function recordConversionOnce(
  state: RecorderState,
  kind: string,
  clientIp: string,
  userAgent: string | null,
): Promise<void> {
  const visitor = await readVisitor(state, clientIp, userAgent);
  if (!visitor) return;
  const { attribution } = visitor;
  try {
    const key = {
      day: visitor.day,
      kind,
      entry_path: attribution?.landingPage ?? "",
      source: countSource(state.valueCaps, visitor.day, attribution?.source ?? ""),
    };
    await upsertConversionOnce(state.db, key, visitor.hash);
  } catch (error) {
    logDatabaseError(state.logger, error, "Conversion not counted");
  }
}
