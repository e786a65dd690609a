import { describe, expect, it } from "vitest";
import { getClientNetwork } from "./client-network.server";

describe("getClientNetwork", () => {
  it("keeps an IPv4 address whole, also when IPv4-mapped", () => {
    expect(getClientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(getClientNetwork("127.0.0.2")).toBe("127.0.0.2");
    expect(getClientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(getClientNetwork("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  it("reduces an IPv6 address to its /64, however it is written", () => {
    expect(getClientNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(getClientNetwork("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(getClientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(getClientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(getClientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // An embedded IPv4 tail takes two groups: the head is not shifted.
    expect(getClientNetwork("1::2:3:4:5:1.2.3.4")).toBe("1:0:2:3::/64");
    expect(getClientNetwork("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves what is no address as its own group", () => {
    expect(getClientNetwork("")).toBe("");
    expect(getClientNetwork("unknown")).toBe("unknown");
    expect(getClientNetwork("2001:db8::g")).toBe("2001:db8::g");
  });
});
