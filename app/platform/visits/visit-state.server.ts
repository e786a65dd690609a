// What a visit recorder holds between requests: its options, the day's visitors and salts, the
// views waiting for a salt, the batch being filled and the sealed ones not yet written. One plain
// object that the recorder's parts (pacing, flush, attribution) each take.
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";
import { getServerTimeZone } from "~/platform/settings.server";
import { createValueCaps, type ValueCaps } from "./visit-caps.server";
import { createDayReader } from "./visit-days";
import { createVisitorIdentities, type VisitorIdentities } from "./visit-identities.server";
import type { VisitOrigin } from "./visit-request.server";
import { defaultVisitSettings, type VisitSettings } from "./visit-settings";
import type { VisitBatch } from "./visit-store.server";

export type VisitRecorderOptions = {
  db: Db;
  logger: Logger;
  /** False: nothing is counted whatever the settings say (VISIT_COUNTING=off). */
  enabled: boolean;
  /** The network a request comes from, as every per-network cap reads it. */
  networkOf: (req: IncomingMessage) => string;
  /** Whether a path is a public page (the site layout's routes). */
  isPublicPage?: (path: string) => boolean;
  flushMs?: number;
  /** Pending counts (views and visits) one batch holds before it is sealed and written. */
  maxBatchKeys?: number;
  /** Sealed batches kept while the database cannot take them; the oldest goes beyond. */
  maxBatches?: number;
  /** The clock (tests move it to another day). */
  now?: () => number;
  /** New visitors one network adds per hour; beyond them its views count under one visitor. */
  newVisitorsPerNetworkHour?: number;
  /** New distinct values a day of each origin column; beyond them a value is "other". */
  newValuesPerDay?: number;
};

/** One visitor's day in this process: its visit as a lead records it, and its pace. */
export type VisitorDay = {
  /** Where the visit came from, as a lead records it. */
  origin: VisitOrigin;
  /** The origin as counted: one name per known source, "other" past the day's new values. */
  counted: VisitOrigin;
  /** Read faster than a person: not counted for the rest of the day. */
  bot: boolean;
  entry: string;
  trail: string[];
  pageCount: number;
  minute: number;
  minuteViews: number;
  lastSeen: Map<string, number>;
};

/** A view as read from its request, counted at once or once the day's salt is known. */
export type PendingView = {
  network: string;
  userAgent: string;
  page: string;
  origin: VisitOrigin;
  at: number;
};

export type RecorderState = {
  readonly db: Db;
  readonly logger: Logger;
  readonly enabled: boolean;
  readonly networkOf: (req: IncomingMessage) => string;
  readonly clock: () => number;
  readonly maxBatchKeys: number;
  readonly maxBatches: number;
  readonly newValuesPerDay: number;
  isPublicPage: ((path: string) => boolean) | undefined;
  settings: VisitSettings;
  timeZone: string;
  readonly readDay: (at: number, timeZone: string) => string;
  readonly salts: Map<string, string>;
  currentDay: string;
  readonly identities: VisitorIdentities;
  readonly visitors: Map<string, VisitorDay>;
  readonly valueCaps: ValueCaps;
  waiting: PendingView[];
  batch: VisitBatch;
  readonly sealed: VisitBatch[];
  flushing: Promise<void> | undefined;
  flushAfter: Promise<void> | undefined;
  loadingSalts: Promise<void> | undefined;
  retentionCheckedAt: number;
};

/** Visitors held at most (then the oldest goes); identities likewise. */
export const maxVisitors = 50_000;
/** An office of a few dozen people stays itself; a client inventing browsers does not grow. */
const defaultNewVisitorsPerNetworkHour = 30;
const defaultNewValuesPerDay = 200;

export function createBatch(): VisitBatch {
  return { views: new Map(), entries: new Map(), erase: new Set() };
}

export function createRecorderState(options: VisitRecorderOptions): RecorderState {
  const newValuesPerDay = options.newValuesPerDay ?? defaultNewValuesPerDay;
  return {
    db: options.db,
    logger: options.logger,
    enabled: options.enabled,
    networkOf: options.networkOf,
    clock: options.now ?? Date.now,
    maxBatchKeys: options.maxBatchKeys ?? 50_000,
    maxBatches: options.maxBatches ?? 3,
    newValuesPerDay,
    isPublicPage: options.isPublicPage,
    settings: defaultVisitSettings,
    timeZone: getServerTimeZone(),
    readDay: createDayReader(),
    salts: new Map(),
    currentDay: "",
    identities: createVisitorIdentities(
      options.newVisitorsPerNetworkHour ?? defaultNewVisitorsPerNetworkHour,
      maxVisitors,
    ),
    visitors: new Map(),
    valueCaps: createValueCaps(newValuesPerDay),
    waiting: [],
    batch: createBatch(),
    sealed: [],
    flushing: undefined,
    flushAfter: undefined,
    loadingSalts: undefined,
    retentionCheckedAt: 0,
  };
}

/** Counting is on: in this process (VISIT_COUNTING) and in the owner's settings. */
export function isCounting(state: RecorderState): boolean {
  return state.enabled && state.settings.counting;
}
