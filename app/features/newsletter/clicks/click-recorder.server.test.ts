import { describe, expect, it } from "vitest";
import { readTarget } from "./click-recorder.server";

describe("where a newsletter click goes", () => {
  it("adds the issue as source and campaign to the site's own links, keeping their query", () => {
    expect(readTarget("https://clearline.example/about?x=1&y=two", "clearline.example", 12)).toBe(
      "https://clearline.example/about?x=1&y=two&utm_source=newsletter&utm_medium=email&utm_campaign=newsletter-12",
    );
  });

  it("leaves other sites' links and the owner's own utm values as written", () => {
    expect(readTarget("https://partner.example/offer?ref=us", "clearline.example", 12)).toBe(
      "https://partner.example/offer?ref=us",
    );
    expect(
      readTarget("https://clearline.example/?utm_source=autumn", "clearline.example", 12),
    ).toBe("https://clearline.example/?utm_source=autumn");
  });

  it("answers only what a Location header may hold, and nothing for a stored link that is no URL", () => {
    expect(readTarget("https://partner.example/prix €/été", "clearline.example", 1)).toBe(
      "https://partner.example/prix%20%E2%82%AC/%C3%A9t%C3%A9",
    );
    expect(readTarget("not a url", "clearline.example", 1)).toBeUndefined();
  });
});
