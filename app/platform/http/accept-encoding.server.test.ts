import { describe, expect, it } from "vitest";
import { getAcceptedEncodings } from "./accept-encoding.server";

describe("getAcceptedEncodings", () => {
  it("puts brotli first, reads x-gzip as gzip, and honours q=0", () => {
    expect(getAcceptedEncodings("gzip, deflate, br")).toEqual(["br", "gzip"]);
    expect(getAcceptedEncodings("x-gzip")).toEqual(["gzip"]);
    expect(getAcceptedEncodings("br;q=0, gzip;q=0.5")).toEqual(["gzip"]);
    expect(getAcceptedEncodings(["br", "gzip;q=0.0"])).toEqual(["br"]);
    expect(getAcceptedEncodings("identity")).toEqual([]);
    expect(getAcceptedEncodings(undefined)).toEqual([]);
  });
});
