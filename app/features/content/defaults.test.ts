import { describe, expect, it } from "vitest";
import { defaultContent } from "./default-content";
import { contentSchema, iconNames } from "./schema";

describe("default site content", () => {
  it("parses with the content schema", () => {
    expect(() => contentSchema.parse(defaultContent)).not.toThrow();
  });

  it("has the spec's seven services in order, each with complete details", () => {
    expect(defaultContent.services.items.map((service) => service.title)).toEqual([
      "IT Strategy & Consulting",
      "Network & Security Solutions",
      "Cloud & Infrastructure",
      "Managed IT Services",
      "Process Optimization",
      "ServiceNow Administration",
      "ServiceNow Development",
    ]);
    for (const service of defaultContent.services.items) {
      expect(iconNames).toContain(service.icon);
      expect(service.benefits).toHaveLength(6);
      expect(service.approach).toHaveLength(4);
      expect(service.capabilities).toHaveLength(8);
      expect(service.useCases).toHaveLength(4);
      // Related services cut descriptions at 100 characters, so the cut must show.
      expect(textOf(service.description).length).toBeGreaterThan(100);
      expect(service.longDescription.length).toBeGreaterThan(0);
    }
    expect(defaultContent.services.whyChoose).toHaveLength(4);
  });

  it("has the about page's fixed values and approach steps", () => {
    expect(defaultContent.about.values.map((value) => value.title)).toEqual([
      "Excellence",
      "Client-Focused",
      "Innovation",
      "Reliability",
    ]);
    expect(defaultContent.about.approach.map((step) => step.title)).toEqual([
      "Assessment",
      "Collaboration",
      "Implementation",
      "Optimization",
    ]);
    expect(defaultContent.about.storyHeading).toBe("Our Story");
  });

  it("has the spec's fallback case studies, fixed headings and business hours", () => {
    expect(defaultContent.caseStudies.heading).toBe("Case Studies");
    expect(defaultContent.caseStudies.description).toBe(
      "Real solutions for real business challenges",
    );
    expect(defaultContent.caseStudies.items.map((item) => item.industry)).toEqual([
      "Healthcare",
      "Manufacturing",
      "Legal",
    ]);
    expect(
      defaultContent.caseStudies.items.some((item) =>
        item.description.includes("40% lower maintenance costs"),
      ),
    ).toBe(true);
    expect(defaultContent.blog.heading).toBe("IT Insights & Resources");
    expect(defaultContent.contact.hours).toEqual([
      { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
      { days: "Saturday", hours: "By appointment" },
      { days: "Sunday", hours: "Closed" },
    ]);
  });

  it("has the spec's trust badges of both home variants, booking tiles and Featured tabs", () => {
    const asText = (badges: { value: string; label: string }[]) =>
      badges.map(({ value, label }) => `${value} ${label}`);
    expect(asText(defaultContent.hero.badges)).toEqual([
      "15+ Years Experience",
      "100+ Projects Completed",
      "24/7 Support",
    ]);
    expect(asText(defaultContent.hero.alternativeBadges)).toEqual([
      "10+ Years Experience",
      "50+ Projects Completed",
      "100% Client Satisfaction",
    ]);
    expect(defaultContent.booking.tiles.map((tile) => tile.title)).toEqual([
      "30-Minute Session",
      "Expert Guidance",
      "Next Steps",
    ]);
    expect([
      defaultContent.booking.bookTabLabel,
      defaultContent.booking.servicesTabLabel,
      defaultContent.booking.expectTabLabel,
    ]).toEqual(["Book Now", "Our Services", "What to Expect"]);
    expect(defaultContent.blog.featuredTabs.map((tab) => tab.label)).toEqual([
      "Guides & Tutorials",
      "Success Stories",
      "Industry Insights",
    ]);
    for (const tab of defaultContent.blog.featuredTabs) expect(tab.items).toHaveLength(2);
    expect(defaultContent.blog.featuredViewAllText).toBe("View All");
    expect(defaultContent.notFound.heading).toBe("404 Page Not Found");
  });

  it("has a copyright line whose 2023 is replaced at render time", () => {
    expect(defaultContent.footer.copyright).toContain("2023");
  });

  it("uses only the editor's tags in rich text", () => {
    const richTexts = [
      defaultContent.general.description,
      defaultContent.hero.heading1,
      defaultContent.hero.heading2,
      defaultContent.about.content,
      defaultContent.about.story,
      defaultContent.legal.privacyPolicy,
      defaultContent.legal.termsOfService,
      ...defaultContent.services.items.map((service) => service.description),
    ];
    for (const html of richTexts) {
      for (const tag of tagsOf(html)) expect(allowedTags).toContain(tag);
    }
  });
});

const textOf = (html: string) => html.replace(/<[^>]*>/g, "");
const allowedTags = new Set(["p", "strong", "em", "s", "ul", "ol", "li", "a", "h2", "h3", "br"]);
const tagsOf = (html: string) =>
  [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => (match[1] ?? "").toLowerCase());
