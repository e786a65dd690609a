// Which services a save renamed, so their old addresses can lead to the new ones.
import { describe, expect, it } from "vitest";
import { findServiceRenames } from "./service-addresses.server";

const service = (title: string, description = title) => ({ title, description });

describe("findServiceRenames", () => {
  it("finds a rename in place, and none when services only move or go", () => {
    const before = [service("Cloud"), service("Security"), service("Data")];
    expect(
      findServiceRenames(before, [service("Cloud"), service("Cyber", "Security"), service("Data")]),
    ).toEqual([{ from: "security", to: "cyber" }]);
    expect(
      findServiceRenames(before, [service("Data"), service("Cloud"), service("Security")]),
    ).toEqual([]);
    expect(findServiceRenames(before, [service("Cloud"), service("Data")])).toEqual([]);
  });

  it("follows the renamed service by its other fields when another one was removed too", () => {
    const before = [service("Cloud"), service("Security"), service("Data")];
    const after = [service("Cyber Security", "Security"), service("Data")];
    expect(findServiceRenames(before, after)).toEqual([{ from: "security", to: "cyber-security" }]);
  });
});
