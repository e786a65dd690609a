// The newsletter field's rules as the server applies them, and where its plain post leads back.
import { describe, expect, it } from "vitest";
import { toFieldErrors } from "~/platform/field-errors";
import { toLocalPath } from "./return-path";
import { newsletterSchema } from "./sign-up-schema";

function errorsOf(schema: typeof newsletterSchema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : toFieldErrors(result.error.issues);
}

describe("newsletter subscription", () => {
  it("asks for an email when it is empty or blank", () => {
    for (const email of ["", "   ", undefined]) {
      expect(errorsOf(newsletterSchema, { email })).toEqual({
        email: "Please enter your email address",
      });
    }
  });

  it("refuses a malformed address and accepts a good one, trimmed", () => {
    expect(errorsOf(newsletterSchema, { email: "not-an-email" })).toEqual({
      email: "Please enter a valid email address",
    });
    expect(newsletterSchema.safeParse({ email: " Ann@Example.com " }).data?.email).toBe(
      "Ann@Example.com",
    );
  });
});

describe("toLocalPath", () => {
  it("keeps paths on this site and refuses anything that could leave it", () => {
    expect(toLocalPath("/blog?category=AI")).toBe("/blog?category=AI");
    for (const outside of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/%5Cevil.example",
      "",
      undefined,
    ]) {
      expect(toLocalPath(outside)).toBe("/");
    }
  });
});
