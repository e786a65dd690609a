// The site content's History diff: fields that stayed the same are never reported (whatever the
// key order), and every value reads as text, never as JSON.
import { describe, expect, it } from "vitest";
import { isSameRichText } from "~/capabilities/rich-text/sanitize.server";
import { defaultContent } from "~/features/content/default-content";
import { sanitizeContentSections } from "~/features/content/sanitize-content.server";
import type { SiteContent } from "~/features/content/schema";
import { diffContent, isSameValue, listChangedSections, toReadable } from "./content-diff";

describe("toReadable", () => {
  it("shows rich text as lines, lists as lines and a group of fields as text", () => {
    expect(toReadable("<p>One <strong>bold</strong> word.</p><p>Two &amp; three</p>")).toBe(
      "One bold word.\nTwo & three",
    );
    expect(toReadable("<ul><li>Email</li><li><p>VPN</p></li></ul>")).toBe("• Email\n• VPN");
    expect(toReadable(["Plan", "Build"])).toBe("Plan\nBuild");
    expect(toReadable({ title: "Audit", description: "<p>Look first.</p>" })).toBe(
      "Audit, Look first.",
    );
    expect(toReadable([{ value: "40%", label: "less" }])).toBe("40%, less");
    expect(toReadable(undefined)).toBe("");
  });
});

describe("isSameValue", () => {
  it("compares deeply, ignoring key order and missing versus empty", () => {
    expect(isSameValue({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(isSameValue({ a: "" }, {})).toBe(true);
    expect(isSameValue({ a: "x" }, {})).toBe(false);
    expect(isSameValue([1, 2], [2, 1])).toBe(false);
  });
});

describe("diffContent", () => {
  it("lists only the fields that differ, with the editor's names", () => {
    const after = {
      ...defaultContent,
      general: { ...defaultContent.general, tagline: "Dependable IT" },
    };
    expect(diffContent(defaultContent, after)).toEqual([
      {
        path: "general.tagline",
        label: "General › Tagline",
        before: defaultContent.general.tagline,
        after: "Dependable IT",
      },
    ]);
    expect(listChangedSections(defaultContent, after)).toEqual(["General"]);
    expect(diffContent(defaultContent, structuredClone(defaultContent))).toEqual([]);
  });

  it("does not report default texts that only changed form when first saved (sanitized)", () => {
    // Text pasted or stored with <b> is saved as <strong>: the same text in another form.
    const pasted = JSON.parse(
      JSON.stringify(defaultContent).replaceAll("<strong>", "<b>").replaceAll("</strong>", "</b>"),
    ) as SiteContent;
    const saved = { ...pasted, ...sanitizeContentSections(pasted) } as SiteContent;
    expect(isSameValue(saved, pasted)).toBe(false);
    expect(diffContent(pasted, saved, isSameRichText)).toEqual([]);
    expect(listChangedSections(pasted, saved, isSameRichText)).toEqual([]);
  });
});
