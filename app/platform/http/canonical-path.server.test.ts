import { describe, expect, it } from "vitest";
import { getCanonicalPath } from "./canonical-path.server";

describe("getCanonicalPath", () => {
  it("leaves canonical paths alone", () => {
    for (const path of ["/", "/about", "/services/it-strategy-consulting", "/blog"]) {
      expect(getCanonicalPath(path), path).toBeUndefined();
    }
  });

  it("drops trailing and doubled slashes and lowercases", () => {
    expect(getCanonicalPath("/services/")).toBe("/services");
    expect(getCanonicalPath("/about//")).toBe("/about");
    expect(getCanonicalPath("//about")).toBe("/about");
    expect(getCanonicalPath("/services//cloud-infrastructure")).toBe(
      "/services/cloud-infrastructure",
    );
    expect(getCanonicalPath("/About")).toBe("/about");
    expect(getCanonicalPath("/BLOG/Some-Article/")).toBe("/blog/some-article");
    expect(getCanonicalPath("//")).toBe("/");
  });

  it("keeps the API, built assets and image files as they are", () => {
    for (const path of ["/api/content/", "/assets/root-AbC.css", "/images/uploads/AbC.png"]) {
      expect(getCanonicalPath(path), path).toBeUndefined();
    }
    expect(getCanonicalPath("/API/content")).toBeUndefined();
  });
});
