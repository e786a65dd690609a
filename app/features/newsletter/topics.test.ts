import { describe, expect, it } from "vitest";
import {
  checkTopicChoice,
  describeEmptyAudience,
  listTopics,
  maskEmail,
  parseAudience,
} from "./topics";

const offered = listTopics([
  { title: "IT Strategy & Consulting" },
  { title: "!!!" },
  { title: "Cloud & Infrastructure" },
]);

describe("newsletter topics", () => {
  it("offers each service with a slug, in order, then News", () => {
    expect(offered).toEqual([
      { key: "service:it-strategy-consulting", label: "IT Strategy & Consulting" },
      { key: "service:cloud-infrastructure", label: "Cloud & Infrastructure" },
      { key: "news", label: "News" },
    ]);
  });

  it("takes a choice of offered topics once each, and refuses unknown ones and none", () => {
    expect(checkTopicChoice(["news", "news", "service:cloud-infrastructure"], offered)).toEqual({
      ok: true,
      topics: ["news", "service:cloud-infrastructure"],
    });
    expect(checkTopicChoice(["news", "service:gone"], offered)).toMatchObject({ ok: false });
    expect(checkTopicChoice(["<script>"], offered)).toMatchObject({ ok: false });
    expect(checkTopicChoice([], offered)).toEqual({
      ok: false,
      message: "Choose at least one topic.",
    });
    expect(checkTopicChoice([], offered, { allowNone: true })).toEqual({ ok: true, topics: [] });
  });

  it("reads a stored audience, and anything unreadable as nobody, never everyone", () => {
    expect(parseAudience(null)).toEqual({ kind: "everyone" });
    expect(parseAudience('["news",3]')).toEqual({ kind: "topics", topics: ["news"] });
    expect(parseAudience("[]")).toEqual({ kind: "topics", topics: [] });
    expect(parseAudience("{not json")).toEqual({ kind: "topics", topics: [] });
    expect(parseAudience('{"a":1}')).toEqual({ kind: "topics", topics: [] });
  });

  it("masks an address to its first letter and domain", () => {
    expect(maskEmail("ann.smith@example.com")).toBe("a•••@example.com");
    expect(maskEmail("@example.com")).toBe("•••");
    expect(maskEmail("no-at-sign")).toBe("•••");
  });

  it("says why a send reached nobody: no confirmed subscriber, or none who chose its topics", () => {
    expect(describeEmptyAudience(null)).toBe(
      "There are no confirmed subscribers yet, so there is nobody to send this newsletter to.",
    );
    expect(describeEmptyAudience('["service:cloud-infrastructure"]')).toBe(
      "No confirmed subscriber chose the topics this newsletter goes to, so there is nobody to send it to. Choose other topics, or everyone.",
    );
  });
});
