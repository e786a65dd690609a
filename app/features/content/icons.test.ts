import { Monitor, Shield, Zap } from "lucide-react";
import { describe, expect, it } from "vitest";
import { getIcon } from "./icons";

describe("getIcon", () => {
  it("maps every spec icon name", () => {
    expect(getIcon("shield")).toBe(Shield);
    expect(getIcon("zap")).toBe(Zap);
    expect(getIcon("computer")).toBe(Monitor);
  });

  it("falls back to computer for an unknown or inherited name", () => {
    expect(getIcon("rocket")).toBe(Monitor);
    expect(getIcon("")).toBe(Monitor);
    expect(getIcon("toString")).toBe(Monitor);
  });
});
