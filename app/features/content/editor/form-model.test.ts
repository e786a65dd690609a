import { describe, expect, it } from "vitest";
import { moveItem, removeItem } from "~/capabilities/fields/list-items";
import { normalizeLinkInput } from "~/capabilities/rich-text/editor/insert-rules";
import {
  formatLines,
  getHeroTitleText,
  parseLines,
  toHeroTitleHtml,
} from "~/capabilities/workspace/field-text";
import { defaultContent } from "~/features/content/default-content";
import { describeContentPath, editorSectionSpecs } from "./content-fields";
import { editorForm, managerForm } from "./form-model";
import { fromApiFieldErrors, mergeDraftSections, toEditorSections } from "./form-rules";

// The services list's new item, as the field table creates it.
const servicesSpec = editorSectionSpecs[3].fields[0];
const createEmptyService = () => servicesSpec.create();
const validateEditorSections = editorForm.validate;
const getTabOfField = editorForm.getTabOfField;
const describeFieldPlace = editorForm.describeField;

describe("benefits, one per line", () => {
  it("drops blank lines and trims each line", () => {
    expect(parseLines("Faster support\n\n  Lower costs  \r\n \nFewer outages\n")).toEqual([
      "Faster support",
      "Lower costs",
      "Fewer outages",
    ]);
    expect(parseLines("")).toEqual([]);
    expect(parseLines("\n \n")).toEqual([]);
  });

  it("shows a list one per line", () => {
    expect(formatLines(["a", "b"])).toBe("a\nb");
    expect(parseLines(formatLines(["a", "b"]))).toEqual(["a", "b"]);
  });
});

describe("the services list", () => {
  const list = ["A", "B", "C"];

  it("swaps an item with its neighbour", () => {
    expect(moveItem(list, 1, "up")).toEqual(["B", "A", "C"]);
    expect(moveItem(list, 1, "down")).toEqual(["A", "C", "B"]);
    expect(list).toEqual(["A", "B", "C"]);
  });

  it("cannot move the first up nor the last down", () => {
    expect(moveItem(list, 0, "up")).toEqual(list);
    expect(moveItem(list, 2, "down")).toEqual(list);
  });

  it("deletes one item", () => {
    expect(removeItem(list, 1)).toEqual(["A", "C"]);
    expect(removeItem(list, 5)).toEqual(list);
  });

  it("starts a new service empty with the computer icon", () => {
    expect(createEmptyService()).toMatchObject({
      title: "",
      description: "",
      icon: "computer",
      benefits: [],
    });
  });
});

describe("the editor's fields", () => {
  it("falls back to the about heading and description when title and content are empty", () => {
    const content = {
      ...defaultContent,
      about: { ...defaultContent.about, title: "", content: "", description: "We & you" },
    };
    const { about } = toEditorSections(content);
    expect(about.title).toBe(defaultContent.about.heading);
    expect(about.content).toBe("<p>We &amp; you</p>");
    expect(editorForm.select(defaultContent).about.title).toBe(defaultContent.about.title);
  });

  it("edits the hero title as text and stores it as one escaped paragraph", () => {
    expect(getHeroTitleText("<p>Technology <strong>That</strong> Works</p>")).toBe(
      "Technology That Works",
    );
    expect(toHeroTitleHtml(" Fast & <safe> ")).toBe("<p>Fast &amp; &lt;safe&gt;</p>");
    expect(toHeroTitleHtml("  ")).toBe("");
  });

  it("gives typed link addresses the default protocol http", () => {
    expect(normalizeLinkInput("example.com")).toBe("http://example.com");
    expect(normalizeLinkInput("www.example.com/path?q=1")).toBe("http://www.example.com/path?q=1");
    expect(normalizeLinkInput("hello@example.com")).toBe("mailto:hello@example.com");
    expect(normalizeLinkInput("https://example.com")).toBe("https://example.com");
    expect(normalizeLinkInput("/contact")).toBe("/contact");
    expect(normalizeLinkInput("#top")).toBe("#top");
    expect(normalizeLinkInput("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(normalizeLinkInput("  ")).toBe("");
  });
});

describe("validation errors", () => {
  it("names each invalid field by its path and shows it on its tab", () => {
    const sections = editorForm.select(defaultContent);
    const result = validateEditorSections({
      ...sections,
      general: { ...sections.general, companyName: "" },
      contact: { ...sections.contact, email: "nope" },
      services: {
        ...sections.services,
        items: [...sections.services.items, createEmptyService()],
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const newIndex = sections.services.items.length;
    expect(result.errors).toMatchObject({
      "general.companyName": "Company Name is required",
      "contact.email": "Please enter a valid email address",
      [`services.items.${newIndex}.title`]: "Service Name is required",
    });
    expect(getTabOfField("hero.heading1")).toBe("hero");
    expect(getTabOfField(`services.items.${newIndex}.title`)).toBe("services");
    expect(describeFieldPlace(`services.items.${newIndex}.title`)).toBe(
      `Services, Service ${newIndex + 1}`,
    );
  });

  it("refuses two services that would share one page", () => {
    const sections = editorForm.select(defaultContent);
    const first = sections.services.items[0];
    if (!first) throw new Error("no default service");
    const result = validateEditorSections({
      ...sections,
      services: { ...sections.services, items: [first, { ...first, title: `${first.title}!` }] },
    });
    expect(result).toEqual({
      ok: false,
      errors: { "services.items.1.title": "Another service already has this name" },
    });
  });

  it("reads the API's field errors", () => {
    expect(fromApiFieldErrors({ "content.general.companyName": "x" })).toEqual({
      "general.companyName": "x",
    });
  });

  it("accepts the default content", () => {
    expect(validateEditorSections(editorForm.select(defaultContent)).ok).toBe(true);
  });
});

describe("content manager form", () => {
  it("edits only the sections the content editor leaves out", () => {
    expect(Object.keys(managerForm.select(defaultContent)).sort()).toEqual(
      [
        "blog",
        "booking",
        "caseStudies",
        "cta",
        "extraBlocks",
        "footer",
        "forms",
        "legal",
        "notFound",
        "seo",
      ].sort(),
    );
  });

  it("refuses a booking address that is not https, naming the field", () => {
    const sections = managerForm.select(defaultContent);
    const result = managerForm.validate({
      ...sections,
      booking: { ...sections.booking, url: "http://calendar.example.com" },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors["booking.url"]).toBe("Please enter a secure (https) web address");
    }
  });

  it("puts an error on its tab and names the case study", () => {
    expect(managerForm.getTabOfField("caseStudies.items.1.title")).toBe("caseStudies");
    expect(managerForm.describeField("caseStudies.items.1.title")).toBe(
      "Case Studies, Case Study 2",
    );
    expect(managerForm.describeField("footer.description")).toBe("Footer");
  });
});

describe("field names from the field table", () => {
  it("names a content path by the admin's labels, for History", () => {
    expect(describeContentPath("services.items.1.title")).toBe(
      "Services › Service 2 › Service Name",
    );
    expect(describeContentPath("hero.heading1")).toBe("Home › Hero Title");
    expect(describeContentPath("about.values.0.description")).toBe("About › Value 1 › Description");
    expect(describeContentPath("legal.privacyPolicy")).toBe("Legal › Privacy Policy");
  });
});

describe("a draft offered back", () => {
  it("keeps its own values and takes the loaded ones for fields it was saved without", () => {
    const loaded = managerForm.select(defaultContent);
    const { detailsNote: _note, ...olderBooking } = loaded.booking;
    const merged = mergeDraftSections(loaded, {
      booking: { ...olderBooking, heading: "Typed before the update" },
      footer: loaded.footer,
    } as Partial<typeof loaded>);
    expect(merged.booking.heading).toBe("Typed before the update");
    expect(merged.booking.detailsNote).toBe(defaultContent.booking.detailsNote);
    expect(merged.forms).toEqual(defaultContent.forms);
    expect(managerForm.validate(merged).ok).toBe(true);
  });
});
