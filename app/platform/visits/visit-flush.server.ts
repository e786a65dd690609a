// The recorder's way to the database: batches sealed when full or at each flush (every 10 s and at
// shutdown), written as upserts, kept while the database cannot take them (the oldest dropped past
// the limit); the day's shared salt read first, and the settings read again at each flush.
import { randomBytes } from "node:crypto";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { readSiteTimeZone } from "~/platform/settings.server";
import { addDays, subtractMonths } from "./visit-days";
import { countView } from "./visit-pacing.server";
import { readVisitSettings } from "./visit-settings.server";
import { createBatch, type RecorderState } from "./visit-state.server";
import {
  deleteVisitsBefore,
  readVisitSalts,
  readVisitValues,
  writeVisitBatch,
} from "./visit-store.server";

/** Moves the batch being filled to the sealed ones, dropping the oldest past the limit. */
function sealBatch(state: RecorderState) {
  const { batch, sealed } = state;
  if (batch.views.size + batch.entries.size + batch.erase.size === 0) return;
  sealed.push(batch);
  state.batch = createBatch();
  while (sealed.length > state.maxBatches) {
    const dropped = sealed.shift();
    state.logger.warn(
      { views: dropped?.views.size, visits: dropped?.entries.size },
      "Visit counts dropped: the database has not taken them and memory for them is full",
    );
  }
}

/** A full batch is sealed and written at once. */
export function writeFullBatch(state: RecorderState) {
  sealBatch(state);
  void flush(state);
}

function makeSalt(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Reads (or makes) the salts of today and tomorrow, then counts the views that waited for one.
 * Callers meanwhile share the reading under way.
 */
export function loadSalts(state: RecorderState): Promise<void> {
  state.loadingSalts ??= readSalts(state).finally(() => {
    state.loadingSalts = undefined;
  });
  return state.loadingSalts;
}

async function readSalts(state: RecorderState) {
  const { salts } = state;
  const today = state.readDay(state.clock(), state.timeZone);
  try {
    const known = await readVisitSalts(state.db, [today, addDays(today, 1)], makeSalt);
    // Before the salt: a view counted without the day's values would reopen their cap.
    await seedValues(state, today);
    for (const [day, salt] of known) salts.set(day, salt);
  } catch (error) {
    // Without the database this process salts on its own until it can read the shared one.
    logDatabaseError(state.logger, error, "Visit salt unreadable");
    if (!salts.has(today)) salts.set(today, makeSalt());
  }
  for (const day of salts.keys()) if (day < today) salts.delete(day);
  const pending = state.waiting;
  state.waiting = [];
  for (const view of pending) {
    const day = state.readDay(view.at, state.timeZone);
    const salt = salts.get(day);
    if (salt && countView(state, day, salt, view)) writeFullBatch(state);
  }
}

/** The day's origin values already written (by any process): the cap counts them. */
async function seedValues(state: RecorderState, day: string) {
  const { valueCaps } = state;
  if (valueCaps.isSeeded(day)) return;
  try {
    valueCaps.seed(day, await readVisitValues(state.db, day, state.newValuesPerDay * 2));
  } catch (error) {
    logDatabaseError(state.logger, error, "Visit origin values unreadable");
  }
}

async function writeSealed(state: RecorderState) {
  const { sealed } = state;
  while (sealed.length > 0) {
    const next = sealed[0];
    if (!next) break;
    try {
      await writeVisitBatch(state.db, next);
      // By identity: a batch dropped for memory meanwhile may have moved it in the queue.
      const at = sealed.indexOf(next);
      if (at !== -1) sealed.splice(at, 1);
    } catch (error) {
      logDatabaseError(state.logger, error, "Visit counts not written: kept for the next try");
      return;
    }
  }
}

/** Figures past the retention deleted, at most once an hour. */
async function applyRetention(state: RecorderState) {
  const now = state.clock();
  if (now - state.retentionCheckedAt < 3_600_000) return;
  state.retentionCheckedAt = now;
  const today = state.readDay(now, state.timeZone);
  try {
    await deleteVisitsBefore(
      state.db,
      subtractMonths(today, state.settings.retentionMonths),
      today,
    );
  } catch (error) {
    state.retentionCheckedAt = 0;
    logDatabaseError(state.logger, error, "Old visit figures not deleted");
  }
}

/**
 * Writes what is pending. A flush under way may have sealed its batch before the latest views
 * were counted, so a caller then gets one more flush after it (shared by every caller meanwhile),
 * never just the one going.
 */
export function flush(state: RecorderState): Promise<void> {
  const { flushing } = state;
  if (!flushing) return startFlush(state);
  const next = () => {
    state.flushAfter = undefined;
    return startFlush(state);
  };
  state.flushAfter ??= flushing.then(next, next);
  return state.flushAfter;
}

function startFlush(state: RecorderState): Promise<void> {
  state.flushing = runFlush(state).finally(() => {
    state.flushing = undefined;
  });
  return state.flushing;
}

async function runFlush(state: RecorderState) {
  try {
    [state.settings, state.timeZone] = await Promise.all([
      readVisitSettings(state.db),
      readSiteTimeZone(state.db),
    ]);
  } catch (error) {
    logDatabaseError(state.logger, error, "Visit settings unreadable");
  }
  await loadSalts(state);
  sealBatch(state);
  await writeSealed(state);
  await applyRetention(state);
}
