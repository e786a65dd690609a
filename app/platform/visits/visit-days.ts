// Days as the site counts them: "YYYY-MM-DD" in the site time zone, and day arithmetic on those
// strings (calendar dates, so no zone or daylight-saving shift can move them).

/** A reader of the day at an instant, remembering the answer for the rest of that second. */
export function createDayReader(): (at: number, timeZone: string) => string {
  const formats = new Map<string, Intl.DateTimeFormat>();
  let lastSecond = -1;
  let lastZone = "";
  let lastDay = "";
  return (at, timeZone) => {
    const second = Math.floor(at / 1000);
    if (second === lastSecond && timeZone === lastZone) return lastDay;
    let format = formats.get(timeZone);
    if (!format) {
      // en-CA writes dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
      formats.set(timeZone, format);
    }
    lastSecond = second;
    lastZone = timeZone;
    lastDay = format.format(at);
    return lastDay;
  };
}

function toUtcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  const date = toUtcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same date `months` earlier (the 31st becomes the month's last day). */
export function subtractMonths(day: string, months: number): string {
  const date = toUtcDate(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function listDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 4000; day = addDays(day, 1)) days.push(day);
  return days;
}
