// The subscriber export: one row per subscriber with their own unsubscribe link, safe to open in
// a spreadsheet.
import { describe, expect, it } from "vitest";
import { toCsvCell } from "~/platform/csv";
import { formatSubscribersCsv, isWellFormedUnsubscribeToken } from "./subscribers.server";

describe("toCsvCell", () => {
  it("quotes cells with commas, quotes or line breaks", () => {
    expect(toCsvCell("plain@example.com")).toBe("plain@example.com");
    expect(toCsvCell('a,"b"')).toBe('"a,""b"""');
    expect(toCsvCell("a\nb")).toBe('"a\nb"');
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(toCsvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(toCsvCell("+1")).toBe("'+1");
    expect(toCsvCell("-x@example.com")).toBe("'-x@example.com");
    expect(toCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });
});

describe("formatSubscribersCsv", () => {
  it("has a header and one line per subscriber with their state and unsubscribe link", () => {
    const csv = formatSubscribersCsv(
      [
        {
          id: 1,
          email: "ann@example.com",
          state: "confirmed",
          createdAt: "2026-01-02T03:04:05.000Z",
          confirmedAt: "2026-01-02T03:10:00.000Z",
          unsubscribeToken: "a".repeat(32),
        },
      ],
      "https://www.example.com",
    );
    expect(csv).toBe(
      `email,state,subscribed_at,unsubscribe_url\r\nann@example.com,confirmed,2026-01-02T03:04:05.000Z,https://www.example.com/unsubscribe?token=${"a".repeat(32)}\r\n`,
    );
  });
});

describe("isWellFormedUnsubscribeToken", () => {
  it("accepts only tokens of the shape the site issues", () => {
    expect(isWellFormedUnsubscribeToken("Ab-_".repeat(8))).toBe(true);
    expect(isWellFormedUnsubscribeToken("short")).toBe(false);
    expect(isWellFormedUnsubscribeToken(`${"a".repeat(31)}'`)).toBe(false);
  });
});
