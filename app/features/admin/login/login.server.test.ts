import { describe, expect, it } from "vitest";
import { getLoginIpKey, getLoginThrottleKey } from "./login.server";

describe("sign-in keys", () => {
  it("gives every address of one /64 the same limit and lock keys", () => {
    const a = "2001:db8:1:2::1";
    const b = "2001:db8:1:2:ffff:ffff:ffff:fffe";
    expect(getLoginIpKey(a)).toBe(getLoginIpKey(b));
    expect(getLoginThrottleKey("Owner@Example.com", a)).toBe(
      getLoginThrottleKey("owner@example.com ", b),
    );
    expect(getLoginIpKey(a)).not.toBe(getLoginIpKey("2001:db8:1:3::1"));
  });
});
