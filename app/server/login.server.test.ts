import { describe, expect, it } from "vitest";
import { getClientNetwork, getLoginIpKey, getLoginThrottleKey } from "./login.server";

describe("getClientNetwork", () => {
  it("keeps an IPv4 address whole, also when IPv4-mapped", () => {
    expect(getClientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(getClientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("reduces an IPv6 address to its /64, however it is written", () => {
    expect(getClientNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(getClientNetwork("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(getClientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(getClientNetwork("::1")).toBe("0:0:0:0::/64");
  });

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
