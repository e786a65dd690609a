import { describe, expect, it } from "vitest";
import { compareVersions, minimumSqliteVersion } from "./database.server";

describe("compareVersions", () => {
  it("orders dotted versions numerically", () => {
    expect(compareVersions("3.51.3", minimumSqliteVersion)).toBe(0);
    expect(compareVersions("3.51.2", "3.51.3")).toBe(-1);
    expect(compareVersions("3.9.0", "3.51.3")).toBe(-1);
    expect(compareVersions("3.52", "3.51.3")).toBe(1);
    expect(compareVersions("4.0.0", "3.99.99")).toBe(1);
  });
});
