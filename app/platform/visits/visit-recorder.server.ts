// Counts public page views in memory, at the cost of a few map operations per request (cache hits
// included), and writes them in batches (every 10 s and at shutdown) as upserts, so several
// processes add up. A visitor is a hash of the day's salt, the client's network and its browser:
// the salt is shared through the database for its day only, so yesterday's visitors cannot be
// recognised today, and no address or User-Agent is ever written. What one client can add is
// bounded: new visitors per network per hour, new origin values per day, memory by fixed-size keys.
// The parts: the request read here, pacing (visit-pacing), batches and salts (visit-flush),
// leads' attribution and conversions (visit-conversions), all on one state (visit-state).
import type { IncomingMessage } from "node:http";
import { readUserAgentStart } from "~/platform/user-agent";
import {
  readAttribution,
  recordConversion,
  recordConversionOnce,
  type VisitAttribution,
} from "./visit-conversions.server";
import { flush, loadSalts, writeFullBatch } from "./visit-flush.server";
import { countView, startDay } from "./visit-pacing.server";
import { isViewRequest, readViewedPage, readVisitOrigin } from "./visit-request.server";
import type { VisitSettings } from "./visit-settings";
import {
  createRecorderState,
  isCounting,
  type PendingView,
  type RecorderState,
  type VisitRecorderOptions,
} from "./visit-state.server";

export type { VisitAttribution } from "./visit-conversions.server";
export type { VisitRecorderOptions } from "./visit-state.server";

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
  /**
   * Counts a conversion (its feature's name for it: "contact"...) for the visit's landing page
   * and source; never throws.
   */
  recordConversion(kind: string, attribution: VisitAttribution | null): Promise<void>;
  /**
   * Counts a conversion of the client's visit once a day whatever it repeats (a booking click
   * reloaded or scripted); never throws.
   */
  recordConversionOnce(kind: string, clientIp: string, userAgent: string | null): Promise<void>;
  /** Writes what is pending (tests call it instead of waiting for the timer). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending: at shutdown. */
  stop(): Promise<void>;
  readonly settings: VisitSettings;
  pendingBatches(): number;
  readMemoryUse(): VisitMemoryUse;
};

/** Views kept at most while the day's salt is read. */
const maxWaiting = 2_000;

/** The hot path: a public page's answer read and counted, or kept until the salt is known. */
function noteView(state: RecorderState, req: IncomingMessage, status: number, url: string) {
  const { isPublicPage } = state;
  if ((status !== 200 && status !== 304) || !isCounting(state) || !isPublicPage) return;
  const page = readViewedPage(url);
  if (!page || !isPublicPage(page)) return;
  if (state.settings.honourGpc && req.headers["sec-gpc"] === "1") return;
  const host = req.headers.host ?? "";
  if (!isViewRequest(req, url, page, host)) return;
  const at = state.clock();
  const day = state.readDay(at, state.timeZone);
  if (day !== state.currentDay) startDay(state, day);
  const view: PendingView = {
    network: state.networkOf(req),
    userAgent: readUserAgentStart(req.headers["user-agent"]),
    page,
    origin: readVisitOrigin(req, url, host),
    at,
  };
  const salt = state.salts.get(day);
  if (salt) {
    if (countView(state, day, salt, view)) writeFullBatch(state);
    return;
  }
  if (state.waiting.length < maxWaiting) state.waiting.push(view);
  void loadSalts(state);
}

export function createVisitRecorder(options: VisitRecorderOptions): VisitRecorder {
  const state = createRecorderState(options);
  const timer = setInterval(() => void flush(state), options.flushMs ?? 10_000);
  timer.unref();
  void flush(state);
  return {
    noteView: (req, status, url = req.url ?? "") => noteView(state, req, status, url),
    setPublicPageTest(test) {
      state.isPublicPage = test;
    },
    readAttribution: (clientIp, userAgent) => readAttribution(state, clientIp, userAgent),
    recordConversion: (kind, attribution) => recordConversion(state, kind, attribution),
    recordConversionOnce: (kind, clientIp, userAgent) =>
      recordConversionOnce(state, kind, clientIp, userAgent),
    flush: () => flush(state),
    async stop() {
      clearInterval(timer);
      await flush(state);
    },
    get settings() {
      return state.settings;
    },
    pendingBatches: () => state.sealed.length,
    readMemoryUse() {
      return {
        ...state.identities.readMemoryUse(),
        visitors: state.visitors.size,
        values: state.valueCaps.size,
        waiting: state.waiting.length,
      };
    },
  };
}
