import { describe, expect, it } from "vitest";
import { toPlainText } from "~/platform/plain-text";
import { fitDescription } from "~/platform/seo/description";
import { fillPlaceholders, fillServiceName, formatCopyright } from "./text";

describe("formatCopyright", () => {
  it("replaces 2023 with the current year", () => {
    expect(formatCopyright("© 2023 Clearline. All rights reserved.", 2026)).toBe(
      "© 2026 Clearline. All rights reserved.",
    );
  });
});

describe("toPlainText", () => {
  it("drops tags and decodes common entities", () => {
    expect(toPlainText("<p>Fast &amp; <strong>secure</strong></p><p>IT</p>")).toBe(
      "Fast & secure IT",
    );
  });
  it("decodes both spellings of the apostrophe", () => {
    expect(toPlainText("<p>We&#39;re here, you&#x27;re welcome</p>")).toBe(
      "We're here, you're welcome",
    );
  });
  it("separates blocks but adds no space where an inline mark ends before punctuation", () => {
    expect(
      toPlainText(
        "<p>Fast <strong>secure</strong>, <em>simple</em>.</p><ul><li>A</li><li>B</li></ul>",
      ),
    ).toBe("Fast secure, simple. A B");
  });
});

describe("fitDescription", () => {
  it("keeps a description of 70 to 160 characters as it is", () => {
    const text = `${"A".repeat(40)} ${"b".repeat(40)}`;
    expect(fitDescription(text)).toBe(text);
  });

  it("adds the extra sentence to a description under 70 characters", () => {
    expect(
      fitDescription("Short.", "The firm: practical IT for growing businesses everywhere."),
    ).toBe("Short. The firm: practical IT for growing businesses everywhere.");
  });

  it("keeps the whole sentences that fit when they are long enough", () => {
    const first = "This first sentence is long enough to be a good description on its own, really.";
    const text = `${first} And a second sentence, much longer than the room that the first one leaves for it here.`;
    expect(fitDescription(text)).toBe(first);
  });

  it("cuts one long sentence after its last whole word, with an ellipsis", () => {
    const text =
      "Align your technology with your business goals. We assess your current environment, build a practical roadmap and help you invest where it makes the biggest difference for you";
    const fitted = fitDescription(text);
    expect(fitted.length).toBeLessThanOrEqual(160);
    expect(fitted.length).toBeGreaterThanOrEqual(70);
    expect(fitted.endsWith("…")).toBe(true);
    const words = fitted.slice(0, -1).split(" ");
    // Every word kept is a whole word of the text, the last one included.
    expect(text.split(" ").slice(0, words.length)).toEqual(words);
  });
});

describe("fitDescription's cut", () => {
  it("does not end on a filler word", () => {
    const text =
      "We help growing organizations make confident technology decisions, secure their systems and keep everything running smoothly, so your team can focus on the work that matters.";
    expect(fitDescription(text)).toBe(
      "We help growing organizations make confident technology decisions, secure their systems and keep everything running smoothly, so your team can focus…",
    );
  });
});

describe("fillServiceName", () => {
  it("puts the service's name wherever {service} is written", () => {
    expect(fillServiceName("Ready to Talk About {service}?", "Cloud & Infrastructure")).toBe(
      "Ready to Talk About Cloud & Infrastructure?",
    );
    expect(fillServiceName("{service}, {service}", "IT")).toBe("IT, IT");
    expect(fillServiceName("Let's talk", "IT")).toBe("Let's talk");
  });
});

describe("fillPlaceholders", () => {
  it("puts each value wherever its {name} is written and leaves other braces alone", () => {
    expect(fillPlaceholders("Showing {shown} of {total} articles", { shown: 9, total: 12 })).toBe(
      "Showing 9 of 12 articles",
    );
    expect(fillPlaceholders("{shown}/{shown} {other}", { shown: 1 })).toBe("1/1 {other}");
  });
});
