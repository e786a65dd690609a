// How the site shows a stored UTC time in the site time zone, and how the schedule picker's
// wall-clock time becomes UTC. Intl only: no zone data shipped, and the same text on server and
// browser, so a screen hydrates unchanged.

const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function toDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The zone's short name at that moment: "GMT+1", "EST", "UTC". */
export function getZoneAbbreviation(date: Date, timeZone: string): string {
  const parts = getFormatter(timeZone, { timeZoneName: "short" }).formatToParts(date);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** "Nov 24, 2026, 5:16 PM GMT+1": a time as every admin screen shows it. */
export function formatTime(iso: string | null | undefined, timeZone: string): string {
  const date = toDate(iso);
  if (!date) return iso ?? "";
  const text = getFormatter(timeZone, { dateStyle: "medium", timeStyle: "short" }).format(date);
  return `${text} ${getZoneAbbreviation(date, timeZone)}`;
}

/** "Mar 16, 2023": the day a time falls on in the zone, as the blog shows dates. */
export function formatDate(iso: string, timeZone: string): string {
  const date = toDate(iso);
  if (!date) return iso;
  return getFormatter(timeZone, { month: "short", day: "numeric", year: "numeric" }).format(date);
}

/** "Europe/Berlin (GMT+1)": the zone's name with its offset now, for labels and hints. */
export function describeTimeZone(timeZone: string, at = new Date()): string {
  const abbreviation = getZoneAbbreviation(at, timeZone);
  return abbreviation === timeZone ? timeZone : `${timeZone} (${abbreviation})`;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

function readWallClock(epochMs: number, timeZone: string): WallClock & { second: number } {
  const parts = getFormatter(timeZone, {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(epochMs));
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: read("year"),
    month: read("month"),
    day: read("day"),
    hour: read("hour"),
    minute: read("minute"),
    second: read("second"),
  };
}

/** How far the zone's clock is ahead of UTC at that moment, in milliseconds. */
function getOffsetMs(epochMs: number, timeZone: string): number {
  const wall = readWallClock(epochMs, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "2026-05-04T12:30": the zone's wall clock at that time, as a datetime-local field shows it. */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  const date = toDate(iso);
  if (!date) return "";
  const wall = readWallClock(date.getTime(), timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const localInputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The UTC ISO time of a wall-clock time in the zone ("2026-05-04T12:30"), or "" for anything
 * else. Across a daylight-saving change it does what calendars do: a time the clocks skip (02:30
 * when they spring forward) is moved on by the gap (03:30), and a time that happens twice (02:30
 * when they fall back) is the first of the two.
 */
export function fromZonedInput(local: string, timeZone: string): string {
  const match = localInputPattern.exec(local);
  if (!match) return "";
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a day either side are the only two a transition near this time can involve.
  const dayMs = 24 * 60 * 60 * 1000;
  const before = getOffsetMs(asUtc - dayMs, timeZone);
  const after = getOffsetMs(asUtc + dayMs, timeZone);
  const matching = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((candidate) => getOffsetMs(candidate, timeZone) === asUtc - candidate)
    .sort((a, b) => a - b);
  return new Date(matching[0] ?? asUtc - before).toISOString();
}

/** The next full hour of the zone's clock after now, as UTC ISO (the schedule's proposal). */
export function getNextFullHour(timeZone: string, now = new Date()): string {
  const wall = readWallClock(now.getTime(), timeZone);
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour + 1));
  return fromZonedInput(toZonedInput(next.toISOString(), "UTC"), timeZone);
}
