import { describe, expect, it } from "vitest";
import { toSlug } from "./slug";

describe("toSlug", () => {
  it("gives the keys of the spec's static detail content", () => {
    expect(toSlug("IT Strategy & Consulting")).toBe("it-strategy-consulting");
    expect(toSlug("Process Optimization")).toBe("process-optimization");
    expect(toSlug("ServiceNow Administration")).toBe("servicenow-administration");
    expect(toSlug("ServiceNow Development")).toBe("servicenow-development");
  });

  it("turns whitespace runs into one hyphen and drops other characters", () => {
    expect(toSlug("  Cloud \t & \n Infrastructure ")).toBe("cloud-infrastructure");
    expect(toSlug("Network & Security Solutions")).toBe("network-security-solutions");
    expect(toSlug("24/7 Support — Ünïcode!")).toBe("247-support-ncode");
  });

  it("collapses and trims hyphens", () => {
    expect(toSlug("--A -- B--")).toBe("a-b");
    expect(toSlug("&&&")).toBe("");
  });
});
