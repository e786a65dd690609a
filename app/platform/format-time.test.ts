// The site's time formatting and the schedule picker's conversion, across Europe/Berlin's
// daylight-saving changes (spring forward 29 Mar 2026 02:00 -> 03:00, fall back 25 Oct 2026
// 03:00 -> 02:00) and in zones without one.
import { describe, expect, it } from "vitest";
import {
  describeTimeZone,
  formatDate,
  formatTime,
  fromZonedInput,
  getNextFullHour,
  toZonedInput,
} from "./format-time";

describe("formatTime", () => {
  it("shows a stored time in the zone, with the zone's name", () => {
    expect(formatTime("2026-07-01T07:30:00.000Z", "Europe/Berlin")).toBe(
      "Jul 1, 2026, 9:30 AM GMT+2",
    );
    expect(formatTime("2026-01-15T07:30:00.000Z", "Europe/Berlin")).toBe(
      "Jan 15, 2026, 8:30 AM GMT+1",
    );
    expect(formatTime("2026-01-15T07:30:00.000Z", "America/New_York")).toBe(
      "Jan 15, 2026, 2:30 AM EST",
    );
    expect(formatTime("2026-01-15T07:30:00.000Z", "UTC")).toBe("Jan 15, 2026, 7:30 AM UTC");
  });

  it("leaves nothing or an unreadable value as it is", () => {
    expect(formatTime(null, "UTC")).toBe("");
    expect(formatTime("soon", "UTC")).toBe("soon");
  });
});

describe("formatDate", () => {
  it("gives the day the time falls on in the zone", () => {
    // 23:30 UTC on 16 March is already 17 March in Berlin, still 16 March in New York.
    expect(formatDate("2023-03-16T23:30:00.000Z", "Europe/Berlin")).toBe("Mar 17, 2023");
    expect(formatDate("2023-03-16T23:30:00.000Z", "America/New_York")).toBe("Mar 16, 2023");
  });
});

describe("describeTimeZone", () => {
  it("names the zone with its offset at that moment", () => {
    expect(describeTimeZone("Europe/Berlin", new Date("2026-07-01T00:00:00Z"))).toBe(
      "Europe/Berlin (GMT+2)",
    );
    expect(describeTimeZone("UTC")).toBe("UTC");
  });
});

describe("the schedule picker's conversion", () => {
  const zone = "Europe/Berlin";

  it("round-trips an ordinary time in winter and in summer", () => {
    expect(fromZonedInput("2026-01-15T09:00", zone)).toBe("2026-01-15T08:00:00.000Z");
    expect(fromZonedInput("2026-07-15T09:00", zone)).toBe("2026-07-15T07:00:00.000Z");
    expect(toZonedInput("2026-01-15T08:00:00.000Z", zone)).toBe("2026-01-15T09:00");
    expect(toZonedInput("2026-07-15T07:00:00.000Z", zone)).toBe("2026-07-15T09:00");
  });

  it("spring forward: the hours either side are right, and a skipped time moves on by the gap", () => {
    expect(fromZonedInput("2026-03-29T01:59", zone)).toBe("2026-03-29T00:59:00.000Z");
    expect(fromZonedInput("2026-03-29T03:00", zone)).toBe("2026-03-29T01:00:00.000Z");
    // 02:30 does not exist that night: it is 03:30 summer time.
    expect(fromZonedInput("2026-03-29T02:30", zone)).toBe("2026-03-29T01:30:00.000Z");
    expect(toZonedInput("2026-03-29T01:30:00.000Z", zone)).toBe("2026-03-29T03:30");
  });

  it("fall back: a time that happens twice is the first, and both show as 02:30", () => {
    expect(fromZonedInput("2026-10-25T02:30", zone)).toBe("2026-10-25T00:30:00.000Z");
    expect(toZonedInput("2026-10-25T00:30:00.000Z", zone)).toBe("2026-10-25T02:30");
    expect(toZonedInput("2026-10-25T01:30:00.000Z", zone)).toBe("2026-10-25T02:30");
    expect(fromZonedInput("2026-10-25T01:59", zone)).toBe("2026-10-24T23:59:00.000Z");
    expect(fromZonedInput("2026-10-25T03:00", zone)).toBe("2026-10-25T02:00:00.000Z");
  });

  it("works in zones with half-hour offsets and none, and refuses what is not a time", () => {
    expect(fromZonedInput("2026-05-04T12:00", "Asia/Kolkata")).toBe("2026-05-04T06:30:00.000Z");
    expect(fromZonedInput("2026-05-04T12:00", "UTC")).toBe("2026-05-04T12:00:00.000Z");
    expect(fromZonedInput("", zone)).toBe("");
    expect(fromZonedInput("tomorrow", zone)).toBe("");
  });

  it("proposes the next full hour of the zone's clock", () => {
    const now = new Date("2026-05-04T10:20:00.000Z");
    expect(getNextFullHour(zone, now)).toBe("2026-05-04T11:00:00.000Z");
    // India is half an hour off the UTC hours: its next full hour is 16:00 there, 10:30 UTC.
    expect(getNextFullHour("Asia/Kolkata", now)).toBe("2026-05-04T10:30:00.000Z");
  });
});
