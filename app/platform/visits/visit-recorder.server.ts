// Counts public page views in memory, at the cost of a few map operations per request (cache hits
// included), and writes them in batches (every 10 s and at shutdown) as upserts, so several
// processes add up. A visitor is a hash of the day's salt, the client's network and its browser:
// the salt is shared through the database for its day only, so yesterday's visitors cannot be
// recognised today, and no address or User-Agent is ever written. What one client can add is
// bounded: new visitors per network per hour, new origin values per day, memory by fixed-size keys.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import { getClientNetwork } from "~/platform/client-network.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { getServerTimeZone, readSiteTimeZone } from "~/platform/settings.server";
import { readUserAgentStart } from "~/platform/user-agent";
import type { ConversionKind } from "./visit-attribution";
import { countOrigin, countSource, createValueCaps } from "./visit-caps.server";
import { addDays, createDayReader, subtractMonths } from "./visit-days";
import { createVisitorIdentities, type Identity } from "./visit-identities.server";
import {
  isViewRequest,
  readViewedPage,
  readVisitOrigin,
  type VisitOrigin,
} from "./visit-request.server";
import { defaultVisitSettings, type VisitSettings } from "./visit-settings";
import { readVisitSettings } from "./visit-settings.server";
import {
  deleteVisitsBefore,
  readStoredAttribution,
  readVisitSalts,
  readVisitValues,
  upsertConversion,
  upsertConversionOnce,
  type VisitBatch,
  writeVisitBatch,
} from "./visit-store.server";

/** What a lead records of the visit that brought it. */
export type VisitAttribution = VisitOrigin & {
  landingPage: string;
  /** The pages viewed before the lead, oldest first (at most the last 20). */
  pagesBefore: string[];
  pageCount: number;
};

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

/** What the recorder holds in memory now: entries, and the characters of the visitor keys. */
export type VisitMemoryUse = {
  identities: number;
  identityKeyChars: number;
  visitors: number;
  networks: number;
  values: number;
  waiting: number;
};

export type VisitRecorder = {
  /**
   * Notes a public page answer (sync, cheap): counted when it is a view by a person. `url`: the
   * request's own, where a mounted handler has rewritten req.url.
   */
  noteView(req: IncomingMessage, status: number, url?: string): void;
  setPublicPageTest(test: (path: string) => boolean): void;
  /** The visit of the client behind a lead, from memory or from what was written today. */
  readAttribution(clientIp: string, userAgent: string | null): Promise<VisitAttribution | null>;
  /** Counts a conversion for the visit's landing page and source; never throws. */
  recordConversion(kind: ConversionKind, attribution: VisitAttribution | null): Promise<void>;
  /**
   * Counts a conversion of the client's visit once a day whatever it repeats (a booking click
   * reloaded or scripted); never throws.
   */
  recordConversionOnce(
    kind: ConversionKind,
    clientIp: string,
    userAgent: string | null,
  ): Promise<void>;
  /** Writes what is pending (tests call it instead of waiting for the timer). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending: at shutdown. */
  stop(): Promise<void>;
  readonly settings: VisitSettings;
  pendingBatches(): number;
  readMemoryUse(): VisitMemoryUse;
};

/** A person reads a few pages a minute; a crawler that hides its name reads hundreds. */
const botViewsPerMinute = 120;
const maxTrail = 20;
const maxVisitors = 50_000;
const maxWaiting = 2_000;
/** An office of a few dozen people stays itself; a client inventing browsers does not grow. */
const defaultNewVisitorsPerNetworkHour = 30;
const defaultNewValuesPerDay = 200;

type VisitorDay = {
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
type Waiting = {
  network: string;
  userAgent: string;
  page: string;
  origin: VisitOrigin;
  at: number;
};

function createBatch(): VisitBatch {
  return { views: new Map(), entries: new Map(), erase: new Set() };
}

export function createVisitRecorder(options: VisitRecorderOptions): VisitRecorder {
  const { db, logger, networkOf } = options;
  const clock = options.now ?? Date.now;
  const maxBatchKeys = options.maxBatchKeys ?? 50_000;
  const maxBatches = options.maxBatches ?? 3;
  let isPublicPage = options.isPublicPage;
  let settings: VisitSettings = defaultVisitSettings;
  let timeZone = getServerTimeZone();
  const readDay = createDayReader();
  const salts = new Map<string, string>();
  let currentDay = "";
  const identities = createVisitorIdentities(
    options.newVisitorsPerNetworkHour ?? defaultNewVisitorsPerNetworkHour,
    maxVisitors,
  );
  const visitors = new Map<string, VisitorDay>();
  const newValuesPerDay = options.newValuesPerDay ?? defaultNewValuesPerDay;
  const valueCaps = createValueCaps(newValuesPerDay);
  let waiting: Waiting[] = [];
  let batch = createBatch();
  const sealed: VisitBatch[] = [];
  let flushing: Promise<void> | undefined;
  let flushAfter: Promise<void> | undefined;
  let loadingSalts: Promise<void> | undefined;
  let retentionCheckedAt = 0;

  const isActive = () => options.enabled && settings.counting;

  function startDay(day: string) {
    currentDay = day;
    identities.clear();
    visitors.clear();
  }

  function sealBatch() {
    if (batch.views.size + batch.entries.size + batch.erase.size === 0) return;
    sealed.push(batch);
    batch = createBatch();
    while (sealed.length > maxBatches) {
      const dropped = sealed.shift();
      logger.warn(
        { views: dropped?.views.size, visits: dropped?.entries.size },
        "Visit counts dropped: the database has not taken them and memory for them is full",
      );
    }
  }

  /**
   * A crawler found out by its pace: its day is not counted, also what was written of it. A
   * network's shared visitor too: past its new visitors and reading faster than people, a flood.
   */
  function markBot(day: string, identity: Identity, state: VisitorDay) {
    identity.bot = true;
    state.bot = true;
    state.trail = [];
    const suffix = `\t${identity.visitor}`;
    for (const key of batch.views.keys()) if (key.endsWith(suffix)) batch.views.delete(key);
    batch.entries.delete(`${day}${suffix}`);
    batch.erase.add(`${day}${suffix}`);
  }

  function count(day: string, salt: string, view: Waiting) {
    const identity = identities.identify(salt, view.network, view.userAgent, view.at);
    if (identity.bot) return;
    const minute = Math.floor(view.at / 60_000);
    let state = visitors.get(identity.visitor);
    if (!state) {
      if (visitors.size >= maxVisitors) {
        const oldest = visitors.keys().next().value;
        if (oldest !== undefined) visitors.delete(oldest);
      }
      state = {
        origin: view.origin,
        counted: countOrigin(valueCaps, day, view.origin),
        bot: false,
        entry: view.page,
        trail: [],
        pageCount: 0,
        minute,
        minuteViews: 0,
        lastSeen: new Map(),
      };
      visitors.set(identity.visitor, state);
    }
    if (state.bot) return;
    if (state.minute !== minute) {
      state.minute = minute;
      state.minuteViews = 0;
    }
    if (++state.minuteViews > botViewsPerMinute) return markBot(day, identity, state);
    // However the URL is dressed up, one view per visitor, page and minute; a shared visitor's
    // people each count theirs.
    const seen = identity.shared ? `${identity.key}${view.page}` : view.page;
    if (state.lastSeen.get(seen) === minute) return;
    if (state.lastSeen.size >= 500) state.lastSeen.clear();
    state.lastSeen.set(seen, minute);
    state.pageCount++;
    state.trail.push(view.page);
    if (state.trail.length > maxTrail) state.trail.shift();
    const viewKey = `${day}\t${view.page}\t${identity.visitor}`;
    batch.views.set(viewKey, (batch.views.get(viewKey) ?? 0) + 1);
    const entryKey = `${day}\t${identity.visitor}`;
    const entry = batch.entries.get(entryKey);
    if (entry) entry.pages++;
    else {
      batch.entries.set(entryKey, {
        ...state.counted,
        entry: state.entry,
        device: identity.device,
        browser: identity.browser,
        pages: 1,
      });
    }
    if (batch.views.size + batch.entries.size >= maxBatchKeys) {
      sealBatch();
      void flush();
    }
  }

  function loadSalts(): Promise<void> {
    loadingSalts ??= (async () => {
      const today = readDay(clock(), timeZone);
      try {
        const known = await readVisitSalts(db, [today, addDays(today, 1)], () =>
          randomBytes(24).toString("base64url"),
        );
        // Before the salt: a view counted without the day's values would reopen their cap.
        await seedValues(today);
        for (const [day, salt] of known) salts.set(day, salt);
      } catch (error) {
        // Without the database this process salts on its own until it can read the shared one.
        logDatabaseError(logger, error, "Visit salt unreadable");
        if (!salts.has(today)) salts.set(today, randomBytes(24).toString("base64url"));
      }
      for (const day of salts.keys()) if (day < today) salts.delete(day);
      const pending = waiting;
      waiting = [];
      for (const view of pending) {
        const day = readDay(view.at, timeZone);
        const salt = salts.get(day);
        if (salt) count(day, salt, view);
      }
    })().finally(() => {
      loadingSalts = undefined;
    });
    return loadingSalts;
  }

  /** The day's origin values already written (by any process): the cap counts them. */
  async function seedValues(day: string) {
    if (valueCaps.isSeeded(day)) return;
    try {
      valueCaps.seed(day, await readVisitValues(db, day, newValuesPerDay * 2));
    } catch (error) {
      logDatabaseError(logger, error, "Visit origin values unreadable");
    }
  }

  async function writeSealed() {
    while (sealed.length > 0) {
      const next = sealed[0];
      if (!next) break;
      try {
        await writeVisitBatch(db, next);
        // By identity: a batch dropped for memory meanwhile may have moved it in the queue.
        const at = sealed.indexOf(next);
        if (at !== -1) sealed.splice(at, 1);
      } catch (error) {
        logDatabaseError(logger, error, "Visit counts not written: kept for the next try");
        return;
      }
    }
  }

  async function applyRetention() {
    const now = clock();
    if (now - retentionCheckedAt < 3_600_000) return;
    retentionCheckedAt = now;
    const today = readDay(now, timeZone);
    try {
      await deleteVisitsBefore(db, subtractMonths(today, settings.retentionMonths), today);
    } catch (error) {
      retentionCheckedAt = 0;
      logDatabaseError(logger, error, "Old visit figures not deleted");
    }
  }

  /**
   * A flush under way may have sealed its batch before the latest views were counted, so a caller
   * then gets one more flush after it (shared by every caller meanwhile), never just the one going.
   */
  function flush(): Promise<void> {
    if (!flushing) return startFlush();
    const next = () => {
      flushAfter = undefined;
      return startFlush();
    };
    flushAfter ??= flushing.then(next, next);
    return flushAfter;
  }
  function startFlush(): Promise<void> {
    flushing = (async () => {
      try {
        [settings, timeZone] = await Promise.all([readVisitSettings(db), readSiteTimeZone(db)]);
      } catch (error) {
        logDatabaseError(logger, error, "Visit settings unreadable");
      }
      await loadSalts();
      sealBatch();
      await writeSealed();
      await applyRetention();
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  /**
   * The client's visitor today and its visit: its own, else its network's shared visitor's (its
   * views were counted there when the network was past its new visitors). None while nothing is
   * counted or the salt is unknown; `attribution` null when no visit is known.
   */
  async function readVisitor(clientIp: string, userAgentHeader: string | null) {
    if (!isActive()) return undefined;
    const day = readDay(clock(), timeZone);
    if (!salts.has(day)) await loadSalts();
    const salt = salts.get(day);
    if (!salt) return undefined;
    const network = getClientNetwork(clientIp);
    const userAgent = readUserAgentStart(userAgentHeader);
    const { own, shared } = identities.readVisitors(salt, network, userAgent);
    const attribution = await readVisitorAttribution(day, own);
    if (attribution || own === shared) return { day, hash: own, attribution };
    const sharedAttribution = await readVisitorAttribution(day, shared);
    if (!sharedAttribution) return { day, hash: own, attribution };
    return { day, hash: shared, attribution: sharedAttribution };
  }

  /** A visitor's visit today, from memory or from what was written. */
  async function readVisitorAttribution(
    day: string,
    visitor: string,
  ): Promise<VisitAttribution | null> {
    const state = visitors.get(visitor);
    if (state?.bot && currentDay === day) return null;
    if (state && currentDay === day) {
      return {
        ...state.origin,
        landingPage: state.entry,
        pagesBefore: [...state.trail],
        pageCount: state.pageCount,
      };
    }
    try {
      return await readStoredAttribution(db, day, visitor);
    } catch (error) {
      logDatabaseError(logger, error, "Visit attribution unreadable");
      return null;
    }
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? 10_000);
  timer.unref();
  void flush();

  return {
    noteView(req, status, url = req.url ?? "") {
      if ((status !== 200 && status !== 304) || !isActive() || !isPublicPage) return;
      const page = readViewedPage(url);
      if (!page || !isPublicPage(page)) return;
      if (settings.honourGpc && req.headers["sec-gpc"] === "1") return;
      const host = req.headers.host ?? "";
      if (!isViewRequest(req, url, page, host)) return;
      const at = clock();
      const day = readDay(at, timeZone);
      if (day !== currentDay) startDay(day);
      const view: Waiting = {
        network: networkOf(req),
        userAgent: readUserAgentStart(req.headers["user-agent"]),
        page,
        origin: readVisitOrigin(req, url, host),
        at,
      };
      const salt = salts.get(day);
      if (salt) return count(day, salt, view);
      if (waiting.length < maxWaiting) waiting.push(view);
      void loadSalts();
    },
    setPublicPageTest(test) {
      isPublicPage = test;
    },
    async readAttribution(clientIp, userAgent) {
      return (await readVisitor(clientIp, userAgent))?.attribution ?? null;
    },
    async recordConversion(kind, attribution) {
      if (!isActive()) return;
      const day = readDay(clock(), timeZone);
      try {
        await upsertConversion(db, {
          day,
          kind,
          entry_path: attribution?.landingPage ?? "",
          source: countSource(valueCaps, day, attribution?.source ?? ""),
        });
      } catch (error) {
        logDatabaseError(logger, error, "Conversion not counted");
      }
    },
    async recordConversionOnce(kind, clientIp, userAgent) {
      const visitor = await readVisitor(clientIp, userAgent);
      if (!visitor) return;
      const { attribution } = visitor;
      try {
        const key = {
          day: visitor.day,
          kind,
          entry_path: attribution?.landingPage ?? "",
          source: countSource(valueCaps, visitor.day, attribution?.source ?? ""),
        };
        await upsertConversionOnce(db, key, visitor.hash);
      } catch (error) {
        logDatabaseError(logger, error, "Conversion not counted");
      }
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
    get settings() {
      return settings;
    },
    pendingBatches: () => sealed.length,
    readMemoryUse() {
      return {
        ...identities.readMemoryUse(),
        visitors: visitors.size,
        values: valueCaps.size,
        waiting: waiting.length,
      };
    },
  };
}
