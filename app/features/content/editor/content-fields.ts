// The one description of the content's forms: every section the admin edits, its fields in order
// with label, help text and kind. The editor's tabs, the Content Manager, validation messages and
// History's field names read it; typed against the content schema, so a mismatch does not compile.
import type { Block } from "~/capabilities/blocks/page-blocks";
import type { IconComponent } from "~/capabilities/fields/card-list-control";
import type { Field } from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { getIcon } from "~/features/content/icons";
import { describeServicePage, type PageSeoFacts } from "~/features/content/page-seo";
import { iconNames, type SiteContent } from "~/features/content/schema";
import type { SeoSettings } from "~/platform/seo/seo-settings";

/** A kit field's own settings, its key and label apart. */
type KindSpec<Kind extends Field["kind"]> = Omit<Extract<Field, { kind: Kind }>, "key" | "label">;

/** A single text value, drawn as the kit's kinds draw it (heroTitle: stored as one HTML line). */
type TextSpec = {
  kind: "text" | "longText" | "richText" | "url" | "email" | "tel" | "icon" | "heroTitle";
  rows?: number;
};
type LinesSpec = KindSpec<"lines">;
/**
 * A page's SEO settings (search title, description, social image, noindex) in one panel: an object
 * of them, or, keyed by its seoDescription, those a record carries among its own fields.
 */
type SeoSpec = { kind: "seo" };
/** A list of blocks (hero, rich text, FAQ...), with the page editor's blocks field. */
type BlocksSpec = { kind: "blocks" };
type PairsSpec<Item> = Omit<KindSpec<"pairs">, "fields"> & {
  fields: ReadonlyArray<{ key: keyof Item & string; label: string; multiline?: boolean }>;
};
type CardsSpec<Item> = Omit<KindSpec<"cards">, "create" | "describe" | "icon" | "fields"> & {
  // Method syntax: the kit calls these with items it does not know the type of.
  create(): Item;
  describe(item: Item): string;
  icon?(item: Item): IconComponent;
  fields: ReadonlyArray<FieldSpec<Item>>;
};

/** The SEO panel's field, with the page its previews describe when the record tells it. */
export type SeoFieldSpec = Field & {
  kind: "seo";
  preview?(values: FieldValues): PageSeoFacts;
};

type KindFor<Value> = Value extends SeoSettings
  ? SeoSpec
  : Value extends string
    ? TextSpec | SeoSpec
    : Value extends string[]
      ? LinesSpec
      : Value extends Block[]
        ? BlocksSpec
        : Value extends Array<infer Item>
          ? Item extends Record<string, string>
            ? PairsSpec<Item>
            : CardsSpec<Item>
          : never;

/** One field of an object type T: its key, texts and a kit kind that fits T[key]. */
export type FieldSpec<T> = {
  [Key in keyof T & string]: {
    key: Key;
    label: string;
    hint?: string;
    /** Fields beyond the main ones are folded under "More ..." so the main ones stay first. */
    more?: true;
    /** A search description: the page it describes, for the SEO previews under it. */
    preview?(values: T): PageSeoFacts;
  } & KindFor<T[Key]>;
}[keyof T & string];

export type SectionName = keyof SiteContent;

export type SectionSpec<Name extends SectionName = SectionName> = {
  [N in Name]: {
    section: N;
    /** The tab's label. */
    label: string;
    more?: { title: string; description: string };
    fields: ReadonlyArray<FieldSpec<SiteContent[N]>>;
  };
}[Name];

const titled = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description", multiline: true },
] as const;
const badgeFields = [
  { key: "value", label: "Figure" },
  { key: "label", label: "Label" },
] as const;

function createEmptyService(): SiteContent["services"]["items"][number] {
  return {
    title: "",
    icon: "computer",
    description: "",
    benefits: [],
    longDescription: "",
    approach: [],
    capabilities: [],
    useCases: [],
    seoDescription: "",
  };
}

export const seoDescriptionHint =
  "Shown by search engines and link previews; 70–160 characters. Leave empty to use the computed one.";
/** A fixed page's SEO settings, in the SEO tab. */
const seoField = <Key extends string>(key: Key, page: string) =>
  ({ key, label: page, kind: "seo" }) as const;

/** The content editor's five tabs, in their fixed order and words. */
export const editorSectionSpecs = [
  {
    section: "general",
    label: "General",
    fields: [
      {
        key: "companyName",
        label: "Company Name",
        kind: "text",
        hint: "Shown in the header, the footer and the page titles.",
      },
      { key: "tagline", label: "Tagline", kind: "text" },
      { key: "description", label: "Description", kind: "richText" },
    ],
  },
  {
    section: "hero",
    label: "Home",
    more: {
      title: "More home page fields",
      description: "The short line above the heading, the introduction and the button texts.",
    },
    fields: [
      {
        key: "heading1",
        label: "Hero Title",
        kind: "heroTitle",
        hint: "The first line of the large heading at the top of the home page.",
      },
      {
        key: "heading2",
        label: "Hero Subtitle",
        kind: "richText",
        hint: "The second, highlighted line of the home page heading.",
      },
      { key: "subtitle", label: "Text Above the Heading", kind: "text", more: true },
      { key: "description", label: "Hero Description", kind: "longText", more: true },
      {
        key: "primaryButtonText",
        label: "Primary Button Text",
        kind: "text",
        hint: "Leads to the booking page.",
        more: true,
      },
      {
        key: "secondaryButtonText",
        label: "Secondary Button Text",
        kind: "text",
        hint: "Leads to the services page.",
        more: true,
      },
      {
        key: "consultationHeading",
        label: "Consultation Card Heading",
        kind: "text",
        hint: "The card beside the home page heading that lists the first services.",
        more: true,
      },
      {
        key: "consultationPoints",
        label: "Consultation Card Points",
        kind: "lines",
        hint: "One point per line. Blank lines are ignored.",
        more: true,
      },
      {
        key: "servicesEyebrow",
        label: "Services Section Label",
        kind: "text",
        hint: "The small line above the services heading on the home page layouts.",
        more: true,
      },
      { key: "servicesLinkText", label: "All Services Link Text", kind: "text", more: true },
      { key: "aboutLinkText", label: "About Link Text", kind: "text", more: true },
      {
        key: "approachEyebrow",
        label: "Approach Section Label",
        kind: "text",
        hint: "Home layout 2: the small line above the approach steps' heading.",
        more: true,
      },
      { key: "approachHeading", label: "Approach Section Heading", kind: "text", more: true },
      {
        key: "consultationSubheading",
        label: "Consultation Card Subheading",
        kind: "text",
        hint: "The line under the consultation card's heading.",
        more: true,
      },
      {
        key: "consultationServicesHeading",
        label: "Consultation Card Services Heading",
        kind: "text",
        hint: "Above the first services at the foot of the consultation card.",
        more: true,
      },
      {
        key: "badges",
        label: "Trust Badges",
        hint: "The figures under the home page's buttons, such as “15+” and “Years Experience”.",
        kind: "pairs",
        itemName: "Badge",
        max: 4,
        fields: badgeFields,
        more: true,
      },
      {
        key: "alternativeBadges",
        label: "Home Layout 1 Figures",
        hint: "The large figures on the card under home layout 1's heading.",
        kind: "pairs",
        itemName: "Figure",
        max: 4,
        fields: badgeFields,
        more: true,
      },
      {
        key: "alternativeBadgesHeading",
        label: "Home Layout 1 Figures Heading",
        kind: "text",
        hint: "Read out by screen readers before the figures; not shown on screen.",
        more: true,
      },
    ],
  },
  {
    section: "about",
    label: "About",
    more: {
      title: "More about page fields",
      description:
        "Page heading, features, our story, core values and our approach, with their headings.",
    },
    fields: [
      { key: "title", label: "About Title", kind: "text" },
      { key: "content", label: "About Content", kind: "richText" },
      {
        key: "eyebrow",
        label: "Page Label",
        kind: "text",
        hint: "The small line above the about page's heading.",
        more: true,
      },
      { key: "heading", label: "Page Heading", kind: "text", more: true },
      { key: "description", label: "Page Description", kind: "longText", more: true },
      {
        key: "features",
        label: "Features",
        kind: "pairs",
        itemName: "Feature",
        max: 12,
        fields: titled,
        more: true,
      },
      { key: "storyHeading", label: "Story Heading", kind: "text", more: true },
      { key: "story", label: "Our Story", kind: "richText", more: true },
      {
        key: "values",
        label: "Core Values",
        kind: "pairs",
        itemName: "Value",
        max: 8,
        fields: titled,
        more: true,
      },
      {
        key: "approach",
        label: "Our Approach",
        kind: "pairs",
        itemName: "Step",
        max: 8,
        fields: titled,
        more: true,
      },
      {
        key: "valuesEyebrow",
        label: "Core Values Label",
        kind: "text",
        hint: "The small line above the core values heading.",
        more: true,
      },
      {
        key: "valuesHeading",
        label: "Core Values Heading",
        kind: "text",
        hint: "Also above the core values on home layout 3.",
        more: true,
      },
      {
        key: "approachEyebrow",
        label: "Our Approach Label",
        kind: "text",
        hint: "The small line above the approach heading.",
        more: true,
      },
      { key: "approachHeading", label: "Our Approach Heading", kind: "text", more: true },
      {
        key: "approachDescription",
        label: "Our Approach Introduction",
        kind: "longText",
        more: true,
      },
    ],
  },
  {
    section: "services",
    label: "Services",
    more: {
      title: "Services page heading and “Why choose us”",
      description:
        "The heading, introduction and closing banner of the services list, and what each service page shows besides the service: the reasons to choose you, the related services heading and the closing banner.",
    },
    fields: [
      {
        key: "items",
        label: "Your services",
        hint: "Each service has its own page and appears in the menu, in this order.",
        kind: "cards",
        itemName: "Service",
        max: 50,
        addLabel: "Add Service",
        emptyText: 'No services added yet. Click "Add Service" to get started.',
        create: createEmptyService,
        describe: (service) => service.title || "Untitled service",
        icon: (service) => getIcon(service.icon),
        fold: {
          title: "More details for this service's page",
          description: "Long description, approach steps, capabilities and use cases.",
        },
        fields: [
          {
            key: "title",
            label: "Service Name",
            kind: "text",
            hint: "Also names the service's page address.",
          },
          {
            key: "icon",
            label: "Icon name",
            kind: "icon",
            hint: `One of: ${iconNames.join(", ")}`,
          },
          { key: "description", label: "Description", kind: "richText" },
          {
            key: "benefits",
            label: "Benefits",
            kind: "lines",
            hint: "One benefit per line. Blank lines are ignored.",
          },
          {
            key: "longDescription",
            label: "Long Description",
            kind: "longText",
            rows: 5,
            more: true,
          },
          {
            key: "approach",
            label: "Our Approach",
            kind: "pairs",
            itemName: "Step",
            max: 10,
            fields: titled,
            more: true,
          },
          {
            key: "capabilities",
            label: "Capabilities",
            kind: "lines",
            hint: "One capability per line. Blank lines are ignored.",
            more: true,
          },
          {
            key: "useCases",
            label: "Use Cases",
            kind: "pairs",
            itemName: "Use Case",
            max: 10,
            fields: titled,
            more: true,
          },
          {
            key: "seoDescription",
            label: "Search and sharing",
            kind: "seo",
            more: true,
            preview: describeServicePage,
          },
        ],
      },
      {
        key: "eyebrow",
        label: "Page Label",
        kind: "text",
        hint: "The small line above the services page's heading.",
        more: true,
      },
      { key: "heading", label: "Services Heading", kind: "text", more: true },
      { key: "description", label: "Services Description", kind: "longText", more: true },
      {
        key: "whyChoose",
        label: "Why Choose Us",
        kind: "pairs",
        itemName: "Reason",
        max: 8,
        fields: titled,
        more: true,
      },
      {
        key: "customHeading",
        label: "Closing Banner Heading",
        kind: "text",
        hint: "The banner at the end of the services list.",
        more: true,
      },
      { key: "customDescription", label: "Closing Banner Text", kind: "longText", more: true },
      {
        key: "relatedHeading",
        label: "Related Services Heading",
        kind: "text",
        hint: "On each service's page, above up to three other services.",
        more: true,
      },
      {
        key: "detailCtaHeading",
        label: "Service Page Closing Heading",
        kind: "text",
        hint: "{service} is replaced by the service's name.",
        more: true,
      },
      {
        key: "detailCtaDescription",
        label: "Service Page Closing Text",
        kind: "longText",
        more: true,
      },
      {
        key: "benefitsHeading",
        label: "Benefits Heading",
        kind: "text",
        hint: "In the Overview tab of each service's page.",
        more: true,
      },
      {
        key: "approachIntro",
        label: "Our Approach Tab Introduction",
        kind: "text",
        hint: "{service} is replaced by the service's name.",
        more: true,
      },
      {
        key: "capabilitiesIntro",
        label: "Capabilities Tab Introduction",
        kind: "text",
        hint: "{service} is replaced by the service's name.",
        more: true,
      },
      {
        key: "useCasesIntro",
        label: "Use Cases Tab Introduction",
        kind: "text",
        hint: "{service} is replaced by the service's name.",
        more: true,
      },
    ],
  },
  {
    section: "contact",
    label: "Contact",
    more: {
      title: "More contact fields",
      description:
        "Page heading, address, message form texts, business hours and the headings of the side cards.",
    },
    fields: [
      { key: "email", label: "Contact Email", kind: "email" },
      {
        key: "phone",
        label: "Contact Phone",
        kind: "tel",
        hint: "Shown as written; phone links dial its digits.",
      },
      {
        key: "eyebrow",
        label: "Page Label",
        kind: "text",
        hint: "The small line above the contact page's heading.",
        more: true,
      },
      { key: "heading", label: "Page Heading", kind: "text", more: true },
      { key: "description", label: "Page Description", kind: "longText", more: true },
      { key: "address", label: "Address", kind: "text", more: true },
      { key: "formHeading", label: "Message Form Heading", kind: "text", more: true },
      { key: "formSubmitText", label: "Message Form Button Text", kind: "text", more: true },
      {
        key: "hours",
        label: "Business Hours",
        kind: "pairs",
        itemName: "Row",
        max: 7,
        fields: [
          { key: "days", label: "Days" },
          { key: "hours", label: "Hours" },
        ],
        more: true,
      },
      { key: "detailsHeading", label: "Contact Details Heading", kind: "text", more: true },
      { key: "hoursHeading", label: "Business Hours Heading", kind: "text", more: true },
      {
        key: "emailLabel",
        label: "Email Label",
        kind: "text",
        hint: "The Get in Touch card names each way to reach you.",
        more: true,
      },
      { key: "phoneLabel", label: "Phone Label", kind: "text", more: true },
      { key: "addressLabel", label: "Address Label", kind: "text", more: true },
      {
        key: "profileLabel",
        label: "Professional Profile Label",
        kind: "text",
        hint: "Above your profile links on the contact page. The links themselves are on the Navigation screen.",
        more: true,
      },
      {
        key: "talkHeading",
        label: "Booking Card Heading",
        kind: "text",
        hint: "The card beside the form that leads to the booking page.",
        more: true,
      },
      { key: "talkText", label: "Booking Card Text", kind: "longText", more: true },
      { key: "talkButtonText", label: "Booking Card Button Text", kind: "text", more: true },
    ],
  },
] as const satisfies ReadonlyArray<SectionSpec>;

/** The Content Manager's tabs: every section the editor leaves out. */
export const managerSectionSpecs = [
  {
    section: "cta",
    label: "Call to Action",
    fields: [
      {
        key: "heading",
        label: "Call to Action Heading",
        kind: "text",
        hint: "The closing banner of the home page.",
      },
      { key: "description", label: "Call to Action Description", kind: "longText" },
      { key: "buttonText", label: "Call to Action Button Text", kind: "text" },
      {
        key: "contactButtonText",
        label: "Contact Button Text",
        kind: "text",
        hint: "The second button of the closing banners, leading to the contact page.",
      },
      {
        key: "callHeading",
        label: "Call Us Heading",
        kind: "text",
        hint: "Home layout 2: above the phone number and email in the closing banner.",
      },
      { key: "newsletterHeading", label: "Newsletter Heading", kind: "text" },
      { key: "newsletterDescription", label: "Newsletter Description", kind: "longText" },
    ],
  },
  {
    section: "footer",
    label: "Footer",
    fields: [
      {
        key: "description",
        label: "Footer Description",
        kind: "longText",
        hint: "Shown under the company name at the bottom of every page.",
      },
      { key: "copyright", label: "Copyright Notice", kind: "text" },
      { key: "quickLinksHeading", label: "Quick Links Heading", kind: "text" },
      {
        key: "servicesHeading",
        label: "Services Links Heading",
        kind: "text",
        hint: "Above the list of your services in the footer.",
      },
      { key: "viewAllServicesText", label: "View All Services Link Text", kind: "text" },
    ],
  },
  {
    section: "booking",
    label: "Booking",
    fields: [
      {
        key: "eyebrow",
        label: "Booking Page Label",
        kind: "text",
        hint: "The small line above the booking heading.",
      },
      { key: "heading", label: "Booking Heading", kind: "text" },
      { key: "description", label: "Booking Description", kind: "longText" },
      {
        key: "url",
        label: "Booking Calendar Address",
        kind: "url",
        hint: "The https address of your online scheduling page; the booking page embeds it.",
      },
      {
        key: "detailsNote",
        label: "Booking Calendar Note",
        kind: "richText",
        hint: "Shown next to every Book a Consultation button on the service pages and on the booking page.",
      },
      {
        key: "calendarLoadingHeading",
        label: "Calendar Loading Heading",
        kind: "text",
        hint: "Shown in place of the calendar until it has loaded.",
      },
      { key: "calendarLoadingText", label: "Calendar Loading Text", kind: "longText" },
      {
        key: "calendarFallbackText",
        label: "Calendar Fallback Text",
        kind: "text",
        hint: "Under the calendar, beside the link to the calendar's own page.",
      },
      { key: "calendarLinkText", label: "Calendar Link Text", kind: "text" },
      {
        key: "bookTabLabel",
        label: "Book Now Tab Label",
        kind: "text",
        hint: "The booking page's three tabs: the calendar, your services and what to expect.",
      },
      { key: "servicesTabLabel", label: "Our Services Tab Label", kind: "text" },
      { key: "expectTabLabel", label: "What to Expect Tab Label", kind: "text" },
      {
        key: "tiles",
        label: "Book Now Tiles",
        hint: "The short points under the calendar.",
        kind: "pairs",
        itemName: "Tile",
        max: 6,
        fields: titled,
      },
      {
        key: "servicesIntro",
        label: "Our Services Tab Introduction",
        kind: "longText",
        hint: "Above the services in the booking page's Our Services tab.",
      },
      { key: "servicesButtonText", label: "Our Services Tab Button Text", kind: "text" },
      {
        key: "formatHeading",
        label: "What to Expect: First Heading",
        kind: "text",
        hint: "The What to Expect tab shows three lists, each with its heading.",
      },
      {
        key: "formatItems",
        label: "What to Expect: First List",
        kind: "lines",
        hint: "One point per line. Blank lines are ignored.",
      },
      { key: "topicsHeading", label: "What to Expect: Second Heading", kind: "text" },
      {
        key: "topicsItems",
        label: "What to Expect: Second List",
        kind: "lines",
        hint: "One point per line. Blank lines are ignored.",
      },
      { key: "prepareHeading", label: "What to Expect: Third Heading", kind: "text" },
      {
        key: "prepareItems",
        label: "What to Expect: Third List",
        kind: "lines",
        hint: "One point per line. Blank lines are ignored.",
      },
      { key: "scheduleButtonText", label: "What to Expect Tab Button Text", kind: "text" },
      {
        key: "questionsHeading",
        label: "Questions Heading",
        kind: "text",
        hint: "The closing block with the phone, email and contact links.",
      },
      { key: "questionsText", label: "Questions Text", kind: "longText" },
    ],
  },
  {
    section: "blog",
    label: "Blog",
    fields: [
      {
        key: "eyebrow",
        label: "Blog Page Label",
        kind: "text",
        hint: "The small line above the blog's heading.",
      },
      { key: "heading", label: "Blog Heading", kind: "text" },
      { key: "description", label: "Blog Description", kind: "longText" },
      { key: "searchPlaceholder", label: "Search Box Placeholder", kind: "text" },
      {
        key: "latestHeading",
        label: "Article List Heading",
        kind: "text",
        hint: "Above the articles when no category is chosen.",
      },
      { key: "loadMoreText", label: "Load More Button Text", kind: "text" },
      {
        key: "emptyHeading",
        label: "No Results Heading",
        kind: "text",
        hint: "Shown when no article matches the search or category.",
      },
      { key: "emptyText", label: "No Results Text", kind: "text" },
      { key: "resetText", label: "Reset Filters Button Text", kind: "text" },
      { key: "featuredHeading", label: "Featured Resources Heading", kind: "text" },
      { key: "featuredDescription", label: "Featured Resources Description", kind: "longText" },
      {
        key: "featuredTabs",
        label: "Featured Resources Tabs",
        hint: "Each tab lists the articles and case studies you choose; a tab with none published is hidden.",
        kind: "cards",
        itemName: "Tab",
        max: 3,
        addLabel: "Add Tab",
        emptyText: "No tabs: the blog shows no Featured Resources.",
        create: () => ({ label: "", items: [] }),
        describe: (tab) => tab.label || "Untitled tab",
        fold: {
          title: "More for this tab",
          description: "The articles and case studies it lists.",
        },
        fields: [
          { key: "label", label: "Tab Label", kind: "text" },
          {
            key: "items",
            label: "Articles and Case Studies",
            kind: "lines",
            hint: "One address per line, as on the site: /blog/... or /case-studies/...",
          },
        ],
      },
      {
        key: "featuredViewAllText",
        label: "Featured Resources View All Text",
        kind: "text",
        hint: "Under each tab's cards.",
      },
      {
        key: "articleCtaHeading",
        label: "Article Closing Heading",
        kind: "text",
        hint: "The banner after the text of every article.",
      },
      { key: "articleCtaDescription", label: "Article Closing Text", kind: "longText" },
      {
        key: "relatedHeading",
        label: "More Articles Heading",
        kind: "text",
        hint: "Above the other articles suggested under an article.",
      },
      { key: "relatedLinkText", label: "All Articles Link Text", kind: "text" },
      {
        key: "readMoreText",
        label: "Read More Link Text",
        kind: "text",
        hint: "On every article card, on the blog and under an article.",
      },
      {
        key: "backLinkText",
        label: "Back to Blog Link Text",
        kind: "text",
        hint: "Above the title of every article.",
      },
      {
        key: "countText",
        label: "Article Count",
        kind: "text",
        hint: "{shown} is the number of articles shown, {total} the number found.",
      },
      {
        key: "countOneText",
        label: "Article Count for One Article",
        kind: "text",
        hint: "Used when exactly one article is found.",
      },
      {
        key: "noMatchText",
        label: "Article Count for None",
        kind: "text",
        hint: "Used when no article is found.",
      },
    ],
  },
  {
    section: "caseStudies",
    label: "Case Studies",
    fields: [
      {
        key: "eyebrow",
        label: "Case Studies Page Label",
        kind: "text",
        hint: "The small line above the case studies heading.",
      },
      { key: "heading", label: "Case Studies Heading", kind: "text" },
      { key: "description", label: "Case Studies Description", kind: "longText" },
      {
        key: "highlightsHeading",
        label: "Case Study Highlights Heading",
        kind: "text",
        hint: "Above the highlights on the case studies page.",
      },
      {
        key: "items",
        label: "Case Study Highlights",
        hint: "Short summaries of your work, each with its industry, near the top of the case studies page.",
        kind: "pairs",
        itemName: "Case Study",
        max: 20,
        fields: [
          { key: "title", label: "Title" },
          { key: "industry", label: "Industry" },
          { key: "description", label: "Summary", multiline: true },
        ],
      },
      {
        key: "listCtaHeading",
        label: "Case Studies Page Closing Heading",
        kind: "text",
        hint: "The banner at the end of the case studies page.",
      },
      { key: "listCtaDescription", label: "Case Studies Page Closing Text", kind: "longText" },
      {
        key: "detailCtaHeading",
        label: "Case Study Closing Heading",
        kind: "text",
        hint: "The banner at the end of every case study.",
      },
      { key: "detailCtaDescription", label: "Case Study Closing Text", kind: "longText" },
      {
        key: "challengeLabel",
        label: "Challenge Card Heading",
        kind: "text",
        hint: "The cards of every case study, on the list and on its own page.",
      },
      { key: "approachLabel", label: "Approach Card Heading", kind: "text" },
      { key: "resultsLabel", label: "Results Card Heading", kind: "text" },
      { key: "readMoreText", label: "Read the Full Case Study Link Text", kind: "text" },
      {
        key: "clientLabel",
        label: "Client Label",
        kind: "text",
        hint: "Before the client's name on a case study's own page.",
      },
      { key: "backLinkText", label: "All Case Studies Link Text", kind: "text" },
      {
        key: "moreHeading",
        label: "More Case Studies Heading",
        kind: "text",
        hint: "Above the other case studies suggested under a case study.",
      },
    ],
  },
  {
    section: "forms",
    label: "Forms",
    fields: [
      {
        key: "contactNameLabel",
        label: "Contact Form: Name Label",
        kind: "text",
        hint: "The labels of the message form on the contact page.",
      },
      { key: "contactEmailLabel", label: "Contact Form: Email Label", kind: "text" },
      { key: "contactPhoneLabel", label: "Contact Form: Phone Label", kind: "text" },
      { key: "contactCompanyLabel", label: "Contact Form: Company Label", kind: "text" },
      { key: "contactMessageLabel", label: "Contact Form: Message Label", kind: "text" },
      {
        key: "contactPrivacyNote",
        label: "Contact Form: Privacy Note",
        kind: "richText",
        hint: "Shown beside the send button.",
      },
      {
        key: "contactSendingText",
        label: "Contact Form: Button Text While Sending",
        kind: "text",
        hint: "The button's own text is in the Content Editor, Contact tab.",
      },
      {
        key: "newsletterEmailLabel",
        label: "Newsletter: Email Field Name",
        kind: "text",
        hint: "Read out by screen readers; not shown on the page.",
      },
      { key: "newsletterPlaceholder", label: "Newsletter: Email Placeholder", kind: "text" },
      {
        key: "newsletterButtonText",
        label: "Newsletter: Button Text",
        kind: "text",
        hint: "In the footer of every page and on the blog.",
      },
      {
        key: "newsletterSendingText",
        label: "Newsletter: Button Text While Sending",
        kind: "text",
      },
      {
        key: "newsletterNote",
        label: "Newsletter: Consent Note",
        kind: "longText",
        hint: "Under the newsletter form on the blog and on the newsletter page.",
      },
      {
        key: "newsletterPageLabel",
        label: "Newsletter Page Label",
        kind: "text",
        hint: "The newsletter page shows the sign-up's outcome when JavaScript is off.",
      },
      {
        key: "homeLinkText",
        label: "Back to Home Link Text",
        kind: "text",
        hint: "On the newsletter and unsubscribe pages.",
      },
      {
        key: "newsletterBackText",
        label: "Back to Previous Page Link Text",
        kind: "text",
        hint: "On the newsletter page, when the visitor signed up on another page.",
      },
      {
        key: "unsubscribeHeading",
        label: "Unsubscribe: Heading",
        kind: "text",
        hint: "The page an unsubscribe link in a newsletter email opens.",
      },
      {
        key: "unsubscribeText",
        label: "Unsubscribe: Text",
        kind: "longText",
        hint: "{email} is the subscriber's address.",
      },
      { key: "unsubscribeButtonText", label: "Unsubscribe: Button Text", kind: "text" },
      {
        key: "unsubscribeSendingText",
        label: "Unsubscribe: Button Text While Sending",
        kind: "text",
      },
      { key: "unsubscribeKeepText", label: "Unsubscribe: Keep Subscription Link", kind: "text" },
      { key: "unsubscribedHeading", label: "Unsubscribed: Heading", kind: "text" },
      {
        key: "unsubscribedText",
        label: "Unsubscribed: Text",
        kind: "longText",
        hint: "{email} is the subscriber's address.",
      },
      {
        key: "unsubscribeInvalidHeading",
        label: "Invalid Unsubscribe Link: Heading",
        kind: "text",
      },
      {
        key: "unsubscribeInvalidText",
        label: "Invalid Unsubscribe Link: Text",
        kind: "longText",
        hint: "{email} is your contact email address.",
      },
      {
        key: "newsletterCheckInboxText",
        label: "Newsletter: Check Your Inbox Text",
        kind: "longText",
        hint: "Shown after a sign-up when a confirmation email was sent.",
      },
      {
        key: "confirmEmailSubject",
        label: "Confirmation Email: Subject",
        kind: "text",
        hint: "{company} is the company's name.",
      },
      {
        key: "confirmEmailText",
        label: "Confirmation Email: Text",
        kind: "longText",
        hint: "{email} is the address that signed up; the confirmation link follows this text.",
      },
      {
        key: "confirmHeading",
        label: "Confirm Subscription: Heading",
        kind: "text",
        hint: "The page the confirmation email's link opens.",
      },
      {
        key: "confirmText",
        label: "Confirm Subscription: Text",
        kind: "longText",
        hint: "{email} is the address that signed up.",
      },
      { key: "confirmButtonText", label: "Confirm Subscription: Button Text", kind: "text" },
      {
        key: "confirmSendingText",
        label: "Confirm Subscription: Button Text While Sending",
        kind: "text",
      },
      { key: "confirmedHeading", label: "Subscription Confirmed: Heading", kind: "text" },
      {
        key: "confirmedText",
        label: "Subscription Confirmed: Text",
        kind: "longText",
        hint: "{email} is the subscriber's address.",
      },
      {
        key: "confirmInvalidHeading",
        label: "Invalid Confirmation Link: Heading",
        kind: "text",
      },
      {
        key: "confirmInvalidText",
        label: "Invalid Confirmation Link: Text",
        kind: "longText",
        hint: "{email} is your contact email address.",
      },
      {
        key: "topicsQuestion",
        label: "Topics: Question After Confirming",
        kind: "text",
        hint: "Above the topics on the page a confirmed sign-up sees.",
      },
      { key: "topicsHint", label: "Topics: Hint", kind: "longText" },
      { key: "topicsButtonText", label: "Topics: Button Text", kind: "text" },
      { key: "topicsSavingText", label: "Topics: Button Text While Saving", kind: "text" },
      {
        key: "topicsHeading",
        label: "Newsletter Topics Page: Heading",
        kind: "text",
        hint: "The page every issue's footer links to.",
      },
      {
        key: "topicsText",
        label: "Newsletter Topics Page: Text",
        kind: "longText",
        hint: "{email} is the subscriber's address, partly hidden.",
      },
      { key: "topicsLegend", label: "Newsletter Topics Page: Topics Heading", kind: "text" },
      {
        key: "topicsLeaveHeading",
        label: "Newsletter Topics Page: Unsubscribe Heading",
        kind: "text",
      },
      {
        key: "topicsUnsubscribeText",
        label: "Newsletter Topics Page: Unsubscribe Button Text",
        kind: "text",
      },
      {
        key: "topicsInvalidHeading",
        label: "Invalid Topics Link: Heading",
        kind: "text",
      },
      {
        key: "topicsInvalidText",
        label: "Invalid Topics Link: Text",
        kind: "longText",
        hint: "{email} is your contact email address.",
      },
    ],
  },
  {
    section: "notFound",
    label: "Page Not Found",
    fields: [
      {
        key: "heading",
        label: "Not Found Heading",
        kind: "text",
        hint: "The page shown for an address the site does not have.",
      },
      { key: "description", label: "Not Found Text", kind: "longText" },
      { key: "hint", label: "Not Found Second Line", kind: "longText" },
      { key: "homeButtonText", label: "Home Button Text", kind: "text" },
      { key: "contactButtonText", label: "Contact Button Text", kind: "text" },
    ],
  },
  {
    section: "legal",
    label: "Legal",
    fields: [
      { key: "privacyPolicy", label: "Privacy Policy", kind: "richText" },
      { key: "termsOfService", label: "Terms of Service", kind: "richText" },
      {
        key: "eyebrow",
        label: "Legal Pages Label",
        kind: "text",
        hint: "The small line above the heading of both legal pages.",
      },
      {
        key: "privacyIntro",
        label: "Privacy Policy Introduction",
        kind: "longText",
        hint: "{company} is the company name.",
      },
      {
        key: "termsIntro",
        label: "Terms of Service Introduction",
        kind: "longText",
        hint: "{company} is the company name.",
      },
      {
        key: "questionsText",
        label: "Questions Line",
        kind: "text",
        hint: "Under both legal texts, before the contact link.",
      },
      { key: "contactLinkText", label: "Contact Link Text", kind: "text" },
      { key: "sitemapHeading", label: "Sitemap Heading", kind: "text", hint: "The /sitemap page." },
      { key: "sitemapDescription", label: "Sitemap Description", kind: "longText" },
    ],
  },
  {
    section: "seo",
    label: "SEO",
    fields: [
      seoField("home", "Home page"),
      seoField("services", "Services page"),
      seoField("about", "About page"),
      seoField("caseStudies", "Case Studies page"),
      seoField("blog", "Blog page"),
      seoField("contact", "Contact page"),
      seoField("booking", "Booking page"),
      seoField("privacyPolicy", "Privacy Policy"),
      seoField("termsOfService", "Terms of Service"),
      seoField("sitemap", "Sitemap page"),
    ],
  },
  {
    section: "extraBlocks",
    label: "Extra Blocks",
    fields: [
      {
        key: "home",
        label: "Home page",
        kind: "blocks",
        hint: "Shown after the home page's own sections, above the footer.",
      },
      {
        key: "about",
        label: "About page",
        kind: "blocks",
        hint: "Shown after the About page's own sections, above the footer.",
      },
    ],
  },
] as const satisfies ReadonlyArray<SectionSpec>;

const allSectionSpecs: ReadonlyArray<SectionSpec> = [...editorSectionSpecs, ...managerSectionSpecs];

type AnyField = {
  key: string;
  label: string;
  kind: string;
  itemName?: string;
  fields?: ReadonlyArray<AnyField | { key: string; label: string }>;
};

/**
 * A readable name of a content path, for error toasts and History: "services.items.1.title" is
 * "Services › Service 2 › Service Name". Unknown parts are shown as they are.
 */
export function describeContentPath(path: string): string {
  return getContentPathParts(path).join(" › ");
}

/** Where a field is, for an error toast: its tab and list item ("Services, Service 2"). */
export function describeFieldPlace(path: string): string {
  const parts = getContentPathParts(path);
  return (parts.length > 1 ? parts.slice(0, -1) : parts).join(", ");
}

/** Sections edited on screens of their own, not through the field table. */
const ownScreenSections: Readonly<Record<string, string>> = { navigation: "Navigation" };

function getContentPathParts(path: string): string[] {
  const [section = "", ...rest] = path.split(".");
  const spec = allSectionSpecs.find((entry) => entry.section === section);
  const ownScreen = ownScreenSections[section];
  if (ownScreen)
    return [ownScreen, ...rest.map((part) => (/^\d+$/.test(part) ? `${Number(part) + 1}` : part))];
  if (!spec) return [path];
  const parts = [spec.label];
  let fields = spec.fields as ReadonlyArray<AnyField>;
  for (let index = 0; index < rest.length; index++) {
    const field = fields.find((entry) => entry.key === rest[index]);
    if (!field) break;
    const position = Number(rest[index + 1]);
    if (field.itemName && Number.isInteger(position)) {
      // Lists: the item's name stands for the list's ("Service 2" rather than "Your services").
      parts.push(`${field.itemName} ${position + 1}`);
      index++;
      fields = (field.fields ?? []) as ReadonlyArray<AnyField>;
      continue;
    }
    parts.push(field.label);
    fields = (field.fields ?? []) as ReadonlyArray<AnyField>;
  }
  return parts;
}

/** The tab label of a section ("hero" is "Home"). */
export function getSectionLabel(section: string): string {
  return (
    allSectionSpecs.find((entry) => entry.section === section)?.label ??
    ownScreenSections[section] ??
    section
  );
}
