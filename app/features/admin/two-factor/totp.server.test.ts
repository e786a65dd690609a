import { describe, expect, it } from "vitest";
import {
  decodeBase32,
  encodeBase32,
  generateHotp,
  generateTotp,
  getTotpStep,
  matchTotp,
} from "./totp.server";

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890", 8 digits.
const rfcSecret = encodeBase32(Buffer.from("12345678901234567890"));
const rfcVectors: Array<[number, string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it.each(rfcVectors)("gives RFC 6238's SHA-1 code at %i s", (seconds, code) => {
    expect(generateTotp(rfcSecret, new Date(seconds * 1000), 8)).toBe(code);
  });

  it("gives RFC 4226's HOTP codes (appendix D)", () => {
    const secret = Buffer.from("12345678901234567890");
    expect([0, 1, 2, 9].map((counter) => generateHotp(secret, counter))).toEqual([
      "755224",
      "287082",
      "359152",
      "520489",
    ]);
  });

  it("reads base32 back as written, whatever the case and spacing", () => {
    const bytes = Buffer.from("any twenty bytes ok!");
    const text = encodeBase32(bytes);
    expect(decodeBase32(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(bytes);
  });

  it("takes a code one step either side of now, not two, and never a used step again", () => {
    const now = new Date(1_700_000_000_000);
    const step = getTotpStep(now);
    const at = (offset: number) => new Date((step + offset) * 30_000);
    expect(matchTotp(rfcSecret, generateTotp(rfcSecret, at(0)), now)).toBe(step);
    expect(matchTotp(rfcSecret, generateTotp(rfcSecret, at(-1)), now)).toBe(step - 1);
    expect(matchTotp(rfcSecret, generateTotp(rfcSecret, at(1)), now)).toBe(step + 1);
    expect(matchTotp(rfcSecret, generateTotp(rfcSecret, at(2)), now)).toBeUndefined();
    expect(matchTotp(rfcSecret, generateTotp(rfcSecret, at(0)), now, step)).toBeUndefined();
    expect(matchTotp(rfcSecret, "12345", now)).toBeUndefined();
  });
});
