// The site content document: one zod schema, shared by the server (API, store), the public pages
// and the admin editor. Types are derived from it. (Articles and case studies: features/publishing.)

import { blocksSchema, findMissingBlockFields } from "~/capabilities/blocks/page-blocks";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import { pageSeoSettings, seoSettingsShape } from "~/platform/seo/seo-settings";
import { toSlug } from "~/platform/slug";
import { z } from "~/platform/zod";
import { brandSchema, checkBrandContrast, searchEnginesSchema } from "./brand-schema";
import { navigationSchema } from "./navigation";

/** Icon names the editor offers; any other stored value renders as "computer". */
export const iconNames = [
  "computer",
  "shield",
  "cloud",
  "settings",
  "chart",
  "code",
  "arrow",
  "zap",
] as const;
export type IconName = (typeof iconNames)[number];

const line = (max = 200) => z.string().trim().max(max, `Must be at most ${max} characters`);
const paragraph = (max = 2000) => z.string().trim().max(max, `Must be at most ${max} characters`);
const titled = z.object({ title: line(120), description: paragraph(1000) });
/** A home page figure: "15+" and "Years Experience". */
const badge = z.object({ value: line(20), label: line(80) });

export const featuredAddressMessage =
  "Use the address of an article (/blog/...) or a case study (/case-studies/...)";
/** An article or case study the blog features, by its address on the site. */
const featuredAddress = z
  .string()
  .trim()
  .max(200, "Must be at most 200 characters")
  .regex(/^\/(blog|case-studies)\/[a-z0-9-]+$/, featuredAddressMessage);

export { seoDescription, seoDescriptionMessage } from "~/platform/seo/seo-settings";

export const serviceSchema = z.object({
  title: line(120).min(1, "Service Name is required"),
  icon: line(40),
  description: richText,
  benefits: z.array(line(300)).max(20),
  longDescription: paragraph(5000),
  approach: z.array(titled).max(10),
  capabilities: z.array(line(300)).max(20),
  useCases: z.array(titled).max(10),
  ...seoSettingsShape,
});

/** Each service has its own page at /services/{slug}: two names with one slug would share it. */
function requireDistinctServicePages(items: { title: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const slug = toSlug(item.title);
    if (!item.title) return;
    if (!slug) {
      ctx.addIssue({
        code: "custom",
        path: [index, "title"],
        message: "Service Name needs at least one letter or digit",
      });
    } else if (seen.has(slug)) {
      ctx.addIssue({
        code: "custom",
        path: [index, "title"],
        message: "Another service already has this name",
      });
    }
    seen.add(slug);
  });
}

/** Extra blocks are shown as soon as they are saved: each asks for what a published page's asks. */
const extraBlocks = blocksSchema
  .superRefine((blocks, ctx) => {
    for (const issue of findMissingBlockFields(blocks))
      ctx.addIssue({ code: "custom", path: issue.path.slice(1), message: issue.message });
  })
  .default([]);

export const contentSchema = z.object({
  general: z.object({
    companyName: line(120).min(1, "Company Name is required"),
    tagline: line(200),
    description: richText,
  }),
  hero: z.object({
    subtitle: line(200),
    heading1: richText,
    heading2: richText,
    description: paragraph(),
    primaryButtonText: line(60),
    secondaryButtonText: line(60),
    /** The home page's consultation card beside the heading. */
    consultationHeading: line(120),
    consultationPoints: z.array(line(200)).max(8),
    servicesEyebrow: line(80),
    servicesLinkText: line(60),
    aboutLinkText: line(60),
    /** Home layout 2's heading above the approach steps. */
    approachEyebrow: line(80),
    approachHeading: line(200),
    /** The figures under the main layout's heading, and the other set home layout 1 shows. */
    badges: z.array(badge).max(4),
    alternativeBadges: z.array(badge).max(4),
    alternativeBadgesHeading: line(120),
    consultationSubheading: line(120),
    consultationServicesHeading: line(120),
  }),
  about: z.object({
    eyebrow: line(80),
    heading: line(200),
    description: paragraph(),
    title: line(200),
    content: richText,
    features: z.array(titled).max(12),
    storyHeading: line(200),
    story: richText,
    values: z.array(titled).max(8),
    approach: z.array(titled).max(8),
    valuesEyebrow: line(80),
    valuesHeading: line(200),
    approachEyebrow: line(80),
    approachHeading: line(200),
    approachDescription: paragraph(500),
  }),
  services: z.object({
    eyebrow: line(80),
    heading: line(200),
    description: paragraph(),
    items: z.array(serviceSchema).max(50).superRefine(requireDistinctServicePages),
    whyChoose: z.array(titled).max(8),
    customHeading: line(200),
    customDescription: paragraph(),
    relatedHeading: line(120),
    /** "{service}" stands for the service's name. */
    detailCtaHeading: line(200),
    detailCtaDescription: paragraph(),
    benefitsHeading: line(120),
    approachIntro: line(300),
    capabilitiesIntro: line(300),
    useCasesIntro: line(300),
  }),
  caseStudies: z.object({
    eyebrow: line(80),
    heading: line(200),
    description: paragraph(),
    items: z
      .array(z.object({ title: line(200), description: paragraph(), industry: line(80) }))
      .max(20),
    listCtaHeading: line(200),
    listCtaDescription: paragraph(),
    detailCtaHeading: line(200),
    detailCtaDescription: paragraph(),
    /** The labels of every case study's cards, on the list and on its own page. */
    challengeLabel: line(80),
    approachLabel: line(80),
    resultsLabel: line(80),
    readMoreText: line(80),
    clientLabel: line(80),
    backLinkText: line(80),
    moreHeading: line(120),
    /** Above the highlights (the items) on the case studies page. */
    highlightsHeading: line(120),
  }),
  blog: z.object({
    eyebrow: line(80),
    heading: line(200),
    description: paragraph(),
    searchPlaceholder: line(80),
    latestHeading: line(120),
    loadMoreText: line(60),
    emptyHeading: line(120),
    emptyText: line(300),
    resetText: line(60),
    featuredHeading: line(120),
    featuredDescription: paragraph(500),
    articleCtaHeading: line(200),
    articleCtaDescription: paragraph(),
    relatedHeading: line(120),
    relatedLinkText: line(60),
    readMoreText: line(60),
    backLinkText: line(80),
    /** "{shown}" and "{total}" stand for the numbers of articles shown and found. */
    countText: line(120),
    countOneText: line(120),
    noMatchText: line(120),
    /** Featured Resources: each tab lists the chosen articles and case studies. */
    featuredTabs: z
      .array(z.object({ label: line(80), items: z.array(featuredAddress).max(6) }))
      .max(3),
    featuredViewAllText: line(60),
  }),
  contact: z.object({
    eyebrow: line(80),
    heading: line(200),
    description: paragraph(),
    address: line(300),
    phone: line(40),
    email: z.email("Please enter a valid email address").max(200),
    formHeading: line(200),
    formSubmitText: line(60),
    hours: z.array(z.object({ days: line(80), hours: line(80) })).max(7),
    detailsHeading: line(120),
    hoursHeading: line(120),
    talkHeading: line(200),
    talkText: paragraph(500),
    talkButtonText: line(60),
    /** The labels of the Get in Touch card's rows. */
    emailLabel: line(60),
    phoneLabel: line(60),
    addressLabel: line(60),
    profileLabel: line(60),
  }),
  cta: z.object({
    heading: line(200),
    description: paragraph(),
    buttonText: line(60),
    newsletterHeading: line(200),
    newsletterDescription: paragraph(),
    contactButtonText: line(60),
    /** Home layout 2's call to action: the heading above the phone and email. */
    callHeading: line(120),
  }),
  booking: z.object({
    heading: line(200),
    description: paragraph(),
    url: z
      .url({ protocol: /^https$/, message: "Please enter a secure (https) web address" })
      .max(500),
    /** The notice beside every way into the calendar (service pages, booking page). */
    detailsNote: richText,
    eyebrow: line(80),
    questionsHeading: line(200),
    questionsText: paragraph(500),
    /** The Book Now tab's tiles under the calendar. */
    tiles: z.array(titled).max(6),
    servicesIntro: paragraph(500),
    servicesButtonText: line(60),
    formatHeading: line(120),
    formatItems: z.array(line(300)).max(10),
    topicsHeading: line(120),
    topicsItems: z.array(line(300)).max(10),
    prepareHeading: line(120),
    prepareItems: z.array(line(300)).max(10),
    scheduleButtonText: line(60),
    calendarLoadingHeading: line(120),
    calendarLoadingText: paragraph(500),
    calendarFallbackText: paragraph(500),
    calendarLinkText: line(60),
    bookTabLabel: line(40),
    servicesTabLabel: line(40),
    expectTabLabel: line(40),
  }),
  footer: z.object({
    description: paragraph(),
    copyright: line(200),
    quickLinksHeading: line(80),
    servicesHeading: line(80),
    viewAllServicesText: line(80),
  }),
  /**
   * The public forms' own words. The messages fixed word for word (the contact form's
   * field checks, its toasts, the newsletter's toasts) stay in code with the schema that checks.
   */
  forms: z.object({
    contactNameLabel: line(60),
    contactEmailLabel: line(60),
    contactPhoneLabel: line(60),
    contactCompanyLabel: line(60),
    contactMessageLabel: line(60),
    contactPrivacyNote: richText,
    contactSendingText: line(60),
    newsletterEmailLabel: line(60),
    newsletterPlaceholder: line(80),
    newsletterButtonText: line(60),
    newsletterSendingText: line(60),
    newsletterNote: paragraph(500),
    /** The /newsletter page (the sign-up without JavaScript) and the unsubscribe page. */
    newsletterPageLabel: line(80),
    homeLinkText: line(80),
    newsletterBackText: line(80),
    /** "{email}" stands for the subscriber's address (or, on an invalid link, ours). */
    unsubscribeHeading: line(200),
    unsubscribeText: paragraph(500),
    unsubscribeButtonText: line(60),
    unsubscribeSendingText: line(60),
    unsubscribeKeepText: line(120),
    unsubscribedHeading: line(200),
    unsubscribedText: paragraph(500),
    unsubscribeInvalidHeading: line(200),
    unsubscribeInvalidText: paragraph(500),
    /** Double opt-in: after a sign-up, the email it sends, and the link's page. */
    newsletterCheckInboxText: paragraph(300),
    confirmEmailSubject: line(200),
    confirmEmailText: paragraph(1000),
    confirmHeading: line(200),
    confirmText: paragraph(500),
    confirmButtonText: line(60),
    confirmSendingText: line(60),
    confirmedHeading: line(200),
    confirmedText: paragraph(500),
    confirmInvalidHeading: line(200),
    confirmInvalidText: paragraph(500),
    /** Topics: the form on the confirmation page and the page every issue's footer links to. */
    topicsQuestion: line(120),
    topicsHint: paragraph(300),
    topicsButtonText: line(60),
    topicsSavingText: line(60),
    topicsHeading: line(200),
    topicsText: paragraph(500),
    topicsLegend: line(120),
    topicsLeaveHeading: line(200),
    topicsUnsubscribeText: line(60),
    topicsInvalidHeading: line(200),
    topicsInvalidText: paragraph(500),
  }),
  notFound: z.object({
    heading: line(120),
    description: paragraph(500),
    hint: paragraph(500),
    homeButtonText: line(60),
    contactButtonText: line(60),
  }),
  legal: z.object({
    privacyPolicy: richText,
    termsOfService: richText,
    /** The words around both legal texts and on /sitemap; "{company}" is the company's name. */
    eyebrow: line(80),
    privacyIntro: paragraph(500),
    termsIntro: paragraph(500),
    questionsText: line(200),
    contactLinkText: line(60),
    sitemapHeading: line(120),
    sitemapDescription: paragraph(500),
  }),
  /** Blocks of the owner's choice, shown after the home page's and the About page's own sections. */
  extraBlocks: z.object({ home: extraBlocks, about: extraBlocks }),
  /** The SEO settings of the pages with their own meta (search title, description, image, noindex). */
  seo: z.object({
    home: pageSeoSettings,
    services: pageSeoSettings,
    about: pageSeoSettings,
    caseStudies: pageSeoSettings,
    blog: pageSeoSettings,
    contact: pageSeoSettings,
    booking: pageSeoSettings,
    privacyPolicy: pageSeoSettings,
    termsOfService: pageSeoSettings,
    sitemap: pageSeoSettings,
  }),
  /** Logo, icon, colours and fonts; search engines' verification codes. */
  brand: brandSchema,
  searchEngines: searchEnginesSchema,
  /** The header menu, the booking button and the footer's links (./navigation.ts). */
  navigation: navigationSchema,
});

export type SiteContent = z.infer<typeof contentSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type ContentSection = keyof SiteContent;
export const contentSections = Object.keys(contentSchema.shape) as ContentSection[];
/** Sections only an owner may change: the verification codes claim the domain in Search Console. */
export const ownerOnlySections: readonly ContentSection[] = ["searchEngines"];

/** A save names any subset of sections; each one given replaces the stored one whole. */
export const contentUpdateSchema = z.object({
  content: contentSchema
    .partial()
    .refine((value) => Object.keys(value).length > 0, {
      message: "Nothing to save: name at least one content section",
    })
    .superRefine((value, ctx) => {
      if (value.brand) checkBrandContrast(value.brand, ctx, ["brand"]);
    }),
});
export type ContentUpdate = z.infer<typeof contentUpdateSchema>;
