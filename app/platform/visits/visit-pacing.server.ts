// A view counted for its visitor at a person's pace: one per visitor, page and minute whatever the
// URL says, a crawler found out by reading faster than people (its day uncounted), and the visit's
// entry, trail and origin kept for the lead it may bring.
import { countOrigin } from "./visit-caps.server";
import type { Identity } from "./visit-identities.server";
import {
  maxVisitors,
  type PendingView,
  type RecorderState,
  type VisitorDay,
} from "./visit-state.server";

/** A person reads a few pages a minute; a crawler that hides its name reads hundreds. */
const botViewsPerMinute = 120;
const maxTrail = 20;

/** A new day: yesterday's visitors are forgotten (their salt is gone with it). */
export function startDay(state: RecorderState, day: string) {
  state.currentDay = day;
  state.identities.clear();
  state.visitors.clear();
}

/**
 * A crawler found out by its pace: its day is not counted, also what was written of it. A
 * network's shared visitor too: past its new visitors and reading faster than people, a flood.
 */
function markBot(state: RecorderState, day: string, identity: Identity, visitor: VisitorDay) {
  const { batch } = state;
  identity.bot = true;
  visitor.bot = true;
  visitor.trail = [];
  const suffix = `\t${identity.visitor}`;
  for (const key of batch.views.keys()) if (key.endsWith(suffix)) batch.views.delete(key);
  batch.entries.delete(`${day}${suffix}`);
  batch.erase.add(`${day}${suffix}`);
}

/** The visitor's day, begun with this view when it is its first (the oldest goes when full). */
function readVisitorDay(state: RecorderState, day: string, identity: Identity, view: PendingView) {
  const { visitors } = state;
  let visitor = visitors.get(identity.visitor);
  if (!visitor) {
    if (visitors.size >= maxVisitors) {
      const oldest = visitors.keys().next().value;
      if (oldest !== undefined) visitors.delete(oldest);
    }
    visitor = {
      origin: view.origin,
      counted: countOrigin(state.valueCaps, day, view.origin),
      bot: false,
      entry: view.page,
      trail: [],
      pageCount: 0,
      minute: Math.floor(view.at / 60_000),
      minuteViews: 0,
      lastSeen: new Map(),
    };
    visitors.set(identity.visitor, visitor);
  }
  return visitor;
}

/**
 * Counts a view into the batch being filled. True when that batch is now full: the caller seals
 * and writes it (visit-flush).
 */
export function countView(
  state: RecorderState,
  day: string,
  salt: string,
  view: PendingView,
): boolean {
  const identity = state.identities.identify(salt, view.network, view.userAgent, view.at);
  if (identity.bot) return false;
  const minute = Math.floor(view.at / 60_000);
  const visitor = readVisitorDay(state, day, identity, view);
  if (visitor.bot) return false;
  if (visitor.minute !== minute) {
    visitor.minute = minute;
    visitor.minuteViews = 0;
  }
  if (++visitor.minuteViews > botViewsPerMinute) {
    markBot(state, day, identity, visitor);
    return false;
  }
  // However the URL is dressed up, one view per visitor, page and minute; a shared visitor's
  // people each count theirs.
  const seen = identity.shared ? `${identity.key}${view.page}` : view.page;
  if (visitor.lastSeen.get(seen) === minute) return false;
  if (visitor.lastSeen.size >= 500) visitor.lastSeen.clear();
  visitor.lastSeen.set(seen, minute);
  visitor.pageCount++;
  visitor.trail.push(view.page);
  if (visitor.trail.length > maxTrail) visitor.trail.shift();
  const { batch } = state;
  const viewKey = `${day}\t${view.page}\t${identity.visitor}`;
  batch.views.set(viewKey, (batch.views.get(viewKey) ?? 0) + 1);
  const entryKey = `${day}\t${identity.visitor}`;
  const entry = batch.entries.get(entryKey);
  if (entry) entry.pages++;
  else {
    batch.entries.set(entryKey, {
      ...visitor.counted,
      entry: visitor.entry,
      device: identity.device,
      browser: identity.browser,
      pages: 1,
    });
  }
  return batch.views.size + batch.entries.size >= state.maxBatchKeys;
}
