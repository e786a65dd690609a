import { describe, expect, it } from "vitest";
import { passQuery } from "./pass-query";

describe("passQuery", () => {
  it("passes the visitor's query on to the target", () => {
    expect(passQuery("/services", "utm_source=news&utm_campaign=x")).toBe(
      "/services?utm_source=news&utm_campaign=x",
    );
    expect(passQuery("https://example.com/offer", "?utm_source=news")).toBe(
      "https://example.com/offer?utm_source=news",
    );
    expect(passQuery("/services", "")).toBe("/services");
  });

  it("lets the target's own parameters win and keeps its fragment last", () => {
    expect(passQuery("/offer?utm_source=site#form", "utm_source=news&utm_medium=email")).toBe(
      "/offer?utm_source=site&utm_medium=email#form",
    );
  });

  it("leaves out the pairs a rule matched on", () => {
    expect(passQuery("/services", "page_id=42&utm_source=news", new Set(["page_id=42"]))).toBe(
      "/services?utm_source=news",
    );
    expect(passQuery("/services", "page_id=42", new Set(["page_id=42"]))).toBe("/services");
  });
});
