// Whether a click on a newsletter link was a person's: the one place these checks are written.
// Mail scanners and link previews follow every link of a copy, often as soon as it is delivered;
// a click passes when it is none of that. No pixel: opens are not counted at all.
import { isbot } from "isbot";

/** A click this close after the copy's hand-over to the mail server is a scanner's at delivery. */
export const defaultHandoverMs = 10_000;
/** Two different links of one copy followed this close together: a machine followed them all. */
export const defaultBurstMs = 3_000;

export type ClickTimings = { handoverMs: number; burstMs: number };
export const defaultClickTimings: ClickTimings = {
  handoverMs: defaultHandoverMs,
  burstMs: defaultBurstMs,
};

export type MachineReason = "head" | "scanner" | "hand-over" | "burst";

/** How the screens word each reason a click was a machine's. */
export const machineReasonLabels: Record<MachineReason, string> = {
  head: "asked with HEAD (a link check)",
  scanner: "a known scanner or bot",
  "hand-over": "within seconds of delivery",
  burst: "several links at once",
};

/**
 * Mail security scanners and link checks that isbot (the site's one list of bots, crawlers and
 * HTTP libraries) does not name: Microsoft Safe Links and Office, Proofpoint, Mimecast,
 * Barracuda, Google's image proxy and safety check.
 */
const mailScanners =
  /safelinks|microsoft office|microsoft outlook|ms-office|proofpoint|ppops|mimecast|barracuda|googleimageproxy|ggpht\.com|google-safety/i;

/** A user agent a person's browser never sends: a known scanner or a script (none at all too). */
export function isScannerAgent(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent) || mailScanners.test(userAgent);
}

export type ClickSeen = {
  method: string;
  userAgent: string | undefined;
  /** When the click came, in ms. */
  at: number;
  /** When the copy was handed to the mail server (its outbox row's sent time); null: not yet. */
  handedOverAt: number | null;
};

/**
 * Why one click alone is a machine's, or undefined when it may be a person's (the burst check,
 * which needs the copy's other clicks, is findBursts).
 */
export function readMachineReason(
  click: ClickSeen,
  timings: ClickTimings = defaultClickTimings,
): MachineReason | undefined {
  if (click.method === "HEAD") return "head";
  if (isScannerAgent(click.userAgent)) return "scanner";
  if (click.handedOverAt === null || click.at - click.handedOverAt < timings.handoverMs) {
    return "hand-over";
  }
  return undefined;
}

export type CopyClick = { position: number; at: number };

/**
 * The clicks of one copy that are part of a burst: each one within `burstMs` of a click on
 * another link of the same copy (a person opens links one at a time; a repeat of the same link
 * is no burst). Answers their indexes. One pass over the clicks in time order, however many.
 */
export function findBursts(
  clicks: readonly CopyClick[],
  burstMs: number = defaultBurstMs,
): Set<number> {
  const order = clicks.map((click, index) => ({ ...click, index })).sort((a, b) => a.at - b.at);
  const burst = new Set<number>();
  // The clicks within burstMs either side of the one looked at, counted by link.
  const around = new Map<number, number>();
  const add = (position: number, change: number) => {
    const count = (around.get(position) ?? 0) + change;
    if (count === 0) around.delete(position);
    else around.set(position, count);
  };
  let from = 0;
  let to = 0;
  for (const click of order) {
    while (to < order.length && (order[to]?.at ?? 0) - click.at <= burstMs) {
      add(order[to]?.position ?? 0, 1);
      to++;
    }
    while (from < to && click.at - (order[from]?.at ?? 0) > burstMs) {
      add(order[from]?.position ?? 0, -1);
      from++;
    }
    if (around.size > 1) burst.add(click.index);
  }
  return burst;
}
