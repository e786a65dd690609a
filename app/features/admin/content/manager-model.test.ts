// The content manager's sections, validation and error places.
import { describe, expect, it } from "vitest";
import { defaultContent } from "~/content/default-content";
import {
  describeManagerFieldPlace,
  getManagerTabOfField,
  toManagerSections,
  validateManagerSections,
} from "./manager-model";

describe("content manager model", () => {
  it("edits only the sections the content editor leaves out", () => {
    expect(Object.keys(toManagerSections(defaultContent)).sort()).toEqual(
      ["blog", "booking", "caseStudies", "cta", "footer", "legal"].sort(),
    );
  });

  it("refuses a booking address that is not https, naming the field", () => {
    const sections = toManagerSections(defaultContent);
    const result = validateManagerSections({
      ...sections,
      booking: { ...sections.booking, url: "http://calendar.example.com" },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors["booking.url"]).toBe("Please enter a secure (https) web address");
    }
  });

  it("puts an error on its tab and names the case study", () => {
    expect(getManagerTabOfField("caseStudies.items.1.title")).toBe("caseStudies");
    expect(describeManagerFieldPlace("caseStudies.items.1.title")).toBe(
      "Case Studies, Case Study 2",
    );
    expect(describeManagerFieldPlace("footer.description")).toBe("Footer");
  });
});
