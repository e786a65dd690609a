import { describe, expect, it } from "vitest";
import { findServiceBySlug, pickRelatedServices, summarizeRelatedService } from "./services";

const services = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"].map((title) => ({ title }));
const [alpha, beta, gamma, delta, epsilon] = services as [
  { title: string },
  { title: string },
  { title: string },
  { title: string },
  { title: string },
];

describe("findServiceBySlug", () => {
  it("finds the service whose title slugs to the key", () => {
    const list = [{ title: "IT Strategy & Consulting" }, { title: "Managed IT Services" }];
    expect(findServiceBySlug(list, "it-strategy-consulting")).toBe(list[0]);
    expect(findServiceBySlug(list, "managed-it-services")).toBe(list[1]);
  });

  it("finds nothing for an unknown or partial key", () => {
    expect(findServiceBySlug(services, "alph")).toBeUndefined();
    expect(findServiceBySlug(services, "")).toBeUndefined();
  });
});

describe("pickRelatedServices", () => {
  it("picks the next three services, wrapping round to the start", () => {
    expect(pickRelatedServices(services, alpha)).toEqual([beta, gamma, delta]);
    expect(pickRelatedServices(services, delta)).toEqual([epsilon, alpha, beta]);
    expect(pickRelatedServices(services, epsilon)).toEqual([alpha, beta, gamma]);
  });

  it("never suggests the service itself and picks fewer when there are fewer others", () => {
    expect(pickRelatedServices([alpha, beta], alpha)).toEqual([beta]);
    expect(pickRelatedServices([alpha], alpha)).toEqual([]);
  });

  it("skips another service that has the same page", () => {
    const twin = { title: "alpha" };
    expect(pickRelatedServices([alpha, twin, beta], alpha)).toEqual([beta]);
  });
});

describe("summarizeRelatedService", () => {
  it("shows the description as plain text cut at 100 characters plus an ellipsis", () => {
    const description = `<p>${"Word ".repeat(30)}</p>`;
    const { summary } = summarizeRelatedService({ title: "T", icon: "cloud", description });
    expect(summary).toBe(`${"Word ".repeat(20)}...`);
    expect(summary).toHaveLength(103);
  });

  it("keeps a short description whole and without markup", () => {
    const { summary } = summarizeRelatedService({
      title: "T",
      icon: "cloud",
      description: "<p>Fast &amp; <strong>secure</strong>.</p>",
    });
    expect(summary).toBe("Fast & secure.");
  });
});
