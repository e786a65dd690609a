import { describe, expect, it } from "vitest";
import { selectSkeletonKind } from "./page-skeleton";

describe("selectSkeletonKind", () => {
  it("picks the skeleton shaped like the page at a path", () => {
    const expected: Record<string, string> = {
      "/": "home",
      "/option2": "home",
      "/services": "list",
      "/services/cloud-infrastructure": "detail",
      "/case-studies": "case-studies",
      "/case-studies/regional-credit-union-loan-automation": "article",
      "/blog": "blog",
      "/blog/": "blog",
      "/blog/practical-guide-to-adopting-ai": "article",
      "/contact": "contact",
      "/booking": "booking",
      "/about": "text",
      "/privacy-policy": "text",
      "/option4": "text",
    };
    for (const [path, kind] of Object.entries(expected)) {
      expect(selectSkeletonKind(path), path).toBe(kind);
    }
  });
});
