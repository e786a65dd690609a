// The contact form's rules, as the browser and the server apply them.
import { describe, expect, it } from "vitest";
import { toFieldErrors } from "~/platform/field-errors";
import { contactMessageSchema } from "./schema";

function errorsOf(schema: typeof contactMessageSchema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : toFieldErrors(result.error.issues);
}

const valid = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "",
  company: "",
  message: "We need help with our network.",
};

describe("contact message", () => {
  it("accepts the spec's payload with optional phone and company left empty, trimmed", () => {
    const result = contactMessageSchema.safeParse({ ...valid, name: "  Ann Lee  " });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe("Ann Lee");
    expect(contactMessageSchema.safeParse({ ...valid, phone: null, company: null }).success).toBe(
      true,
    );
    const { phone: _phone, company: _company, ...required } = valid;
    expect(contactMessageSchema.safeParse(required).success).toBe(true);
  });

  it("gives the spec's messages for a short name, a bad email and a short message", () => {
    expect(
      errorsOf(contactMessageSchema, { name: "A", email: "nope", message: "too short" }),
    ).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      message: "Message must be at least 10 characters",
    });
  });

  it("counts characters after trimming, so spaces do not pad a name or message", () => {
    expect(
      errorsOf(contactMessageSchema, { ...valid, name: " A ", message: "   short    " }),
    ).toEqual({
      name: "Name must be at least 2 characters",
      message: "Message must be at least 10 characters",
    });
    expect(errorsOf(contactMessageSchema, { ...valid, name: "Al", message: "0123456789" })).toEqual(
      {},
    );
  });

  it("has no format rule for the phone, only a length cap", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, phone: "call after 5pm, ext 12" })).toEqual(
      {},
    );
    expect(errorsOf(contactMessageSchema, { ...valid, phone: "1".repeat(41) })).toEqual({
      phone: "Phone must be at most 40 characters",
    });
  });

  it("caps the length of every field", () => {
    expect(
      errorsOf(contactMessageSchema, {
        ...valid,
        name: "n".repeat(101),
        company: "c".repeat(201),
        message: "m".repeat(5001),
      }),
    ).toEqual({
      name: "Name must be at most 100 characters",
      company: "Company must be at most 200 characters",
      message: "Message must be at most 5000 characters",
    });
    expect(
      errorsOf(contactMessageSchema, { ...valid, email: `${"a".repeat(250)}@example.com` }),
    ).toEqual({ email: "Please enter a valid email address" });
  });

  it("answers missing fields and wrong types with the field's own message", () => {
    expect(errorsOf(contactMessageSchema, {})).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      message: "Message must be at least 10 characters",
    });
    expect(errorsOf(contactMessageSchema, { ...valid, name: 42, company: ["x"] })).toEqual({
      name: "Name must be at least 2 characters",
      company: "Company must be text",
    });
    expect(errorsOf(contactMessageSchema, [valid])).toEqual({
      body: "Send the message as a JSON object",
    });
  });

  it("lets the anti-spam fields through for the server to judge", () => {
    const result = contactMessageSchema.safeParse({ ...valid, website: "", formToken: "123.abc" });
    expect(result.data).toMatchObject({ website: "", formToken: "123.abc" });
  });
});
