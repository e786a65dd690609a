import { describe, expect, it } from "vitest";
import { defaultContent } from "./default-content";
import { listRichTextPaths, sanitizeContentSections } from "./sanitize-content.server";

describe("sanitizeContentSections", () => {
  it("finds every rich-text field of the content schema", () => {
    expect(listRichTextPaths().sort()).toEqual(
      [
        "about.content",
        "about.story",
        "booking.detailsNote",
        "forms.contactPrivacyNote",
        "general.description",
        "hero.heading1",
        "hero.heading2",
        "legal.privacyPolicy",
        "legal.termsOfService",
        "services.items[].description",
      ].sort(),
    );
  });

  it("sanitizes the rich-text fields of the sections given and leaves plain text alone", () => {
    const payload = '<img src=x onerror="alert(1)"><p>Hi</p>';
    const sections = sanitizeContentSections({
      general: { companyName: "R&D <Co>", tagline: "t", description: payload },
      services: {
        ...defaultContent.services,
        items: [{ ...(defaultContent.services.items[0] ?? ({} as never)), description: payload }],
      },
    });
    expect(sections.general).toEqual({
      companyName: "R&D <Co>",
      tagline: "t",
      description: "<p>Hi</p>",
    });
    expect(sections.services?.items[0]?.description).toBe("<p>Hi</p>");
    expect(sections.services?.items[0]?.title).toBe(defaultContent.services.items[0]?.title);
    expect(Object.keys(sections)).toEqual(["general", "services"]);
  });

  it("leaves the default content of the editor's sections unchanged", () => {
    const { general, hero, about, services, contact } = defaultContent;
    const sections = { general, hero, about, services, contact };
    expect(sanitizeContentSections(sections)).toEqual(sections);
  });
});
