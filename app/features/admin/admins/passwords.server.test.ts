import { describe, expect, it } from "vitest";
import {
  generatePassword,
  hashPassword,
  PasswordCheckBusyError,
  passwordCheckLimits,
  verifyPassword,
} from "./passwords.server";

describe("passwords", () => {
  it("hashes with argon2id at OWASP parameters and a random salt", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("correct horse");
  });

  it("verifies the right password and refuses a wrong or malformed one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("Correct horse battery staple", hash)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "plain-text")).toBe(false);
  });

  it("generates long random passwords", () => {
    const password = generatePassword();
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(generatePassword()).not.toBe(password);
  });

  it("runs a few checks at once, lets a few wait and refuses the rest at once", async () => {
    const hash = await hashPassword("correct horse battery staple");
    const total = passwordCheckLimits.inFlight + passwordCheckLimits.queued + 5;
    const outcomes = await Promise.allSettled(
      Array.from({ length: total }, () => verifyPassword("correct horse battery staple", hash)),
    );
    const refused = outcomes.filter(
      (outcome) =>
        outcome.status === "rejected" && outcome.reason instanceof PasswordCheckBusyError,
    );
    const checked = outcomes.filter(
      (outcome) => outcome.status === "fulfilled" && outcome.value === true,
    );
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(checked.length).toBeGreaterThanOrEqual(passwordCheckLimits.inFlight);
    expect(refused.length + checked.length).toBe(total);
    // Once the crowd is gone, checks run again.
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
  });
});
