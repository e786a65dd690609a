// The public pages' once-fixed texts (booking note, form labels, newsletter button, footer, 404,
// unsubscribe, blog, case study and legal words) as content: a save through the content API changes the HTML visitors get, and a document
// stored before these texts existed still renders today's words, also after a restore from History.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { contentHistory } from "~/features/content/history/content-history.server";
import type { SiteContent } from "~/features/content/schema";
import { markDataChanged } from "~/platform/data-version.server";
import { getContent, logInCookie, postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const servicePage = "/services/it-strategy-consulting";

async function readPage(site: TestSite, path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  return response.text();
}

/** The keys this change added to sections that existed before it. */
const addedKeys = {
  hero: [
    "consultationHeading",
    "consultationPoints",
    "servicesEyebrow",
    "servicesLinkText",
    "aboutLinkText",
    "approachEyebrow",
    "approachHeading",
  ],
  about: [
    "eyebrow",
    "valuesEyebrow",
    "valuesHeading",
    "approachEyebrow",
    "approachHeading",
    "approachDescription",
  ],
  services: [
    "eyebrow",
    "customHeading",
    "customDescription",
    "relatedHeading",
    "detailCtaHeading",
    "detailCtaDescription",
    "benefitsHeading",
    "approachIntro",
    "capabilitiesIntro",
    "useCasesIntro",
  ],
  caseStudies: [
    "eyebrow",
    "listCtaHeading",
    "listCtaDescription",
    "detailCtaHeading",
    "detailCtaDescription",
    "challengeLabel",
    "approachLabel",
    "resultsLabel",
    "readMoreText",
    "clientLabel",
    "backLinkText",
    "moreHeading",
  ],
  blog: [
    "eyebrow",
    "searchPlaceholder",
    "latestHeading",
    "loadMoreText",
    "emptyHeading",
    "emptyText",
    "resetText",
    "featuredHeading",
    "featuredDescription",
    "articleCtaHeading",
    "articleCtaDescription",
    "relatedHeading",
    "relatedLinkText",
    "readMoreText",
    "backLinkText",
    "countText",
    "countOneText",
    "noMatchText",
  ],
  contact: [
    "eyebrow",
    "detailsHeading",
    "hoursHeading",
    "talkHeading",
    "talkText",
    "talkButtonText",
  ],
  booking: [
    "detailsNote",
    "eyebrow",
    "questionsHeading",
    "questionsText",
    "tiles",
    "servicesIntro",
    "servicesButtonText",
    "formatHeading",
    "formatItems",
    "topicsHeading",
    "topicsItems",
    "prepareHeading",
    "prepareItems",
    "scheduleButtonText",
    "calendarLoadingHeading",
    "calendarLoadingText",
    "calendarFallbackText",
    "calendarLinkText",
  ],
  footer: ["quickLinksHeading", "servicesHeading", "viewAllServicesText"],
  legal: [
    "eyebrow",
    "privacyIntro",
    "termsIntro",
    "questionsText",
    "contactLinkText",
    "sitemapHeading",
    "sitemapDescription",
  ],
} satisfies { [Section in keyof SiteContent]?: (keyof SiteContent[Section])[] };

/** A content document as stored before the texts moved into the content. */
function buildOlderDocument(companyName: string) {
  const { forms: _forms, notFound: _notFound, ...sections } = defaultContent;
  const older: Record<string, Record<string, unknown>> = {
    ...sections,
    general: { ...defaultContent.general, companyName },
  };
  for (const [section, keys] of Object.entries(addedKeys)) {
    older[section] = Object.fromEntries(
      Object.entries(older[section] ?? {}).filter(([key]) => !(keys as string[]).includes(key)),
    );
  }
  return older;
}

describe.each(getTestDatabaseKinds())("editable fixed texts on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  it("shows the texts saved through the content API on the public pages", async () => {
    const before = await getContent(site);
    expect(await readPage(site, servicePage)).toContain(
      'please enter your contact details manually in the <strong>"Add your details"</strong> section',
    );
    const response = await postJsonAs(
      site,
      "/api/content",
      {
        content: {
          booking: {
            ...before.content.booking,
            detailsNote:
              "<p>Type your name and email into <strong>Your info</strong> when the calendar opens.</p>",
          },
          forms: {
            ...before.content.forms,
            contactNameLabel: "Your full name",
            newsletterButtonText: "Sign me up",
          },
          notFound: { ...before.content.notFound, heading: "Nothing lives at this address" },
        },
      },
      { cookie: await logInCookie(site), headers: { "if-match": before.etag } },
    );
    expect(response.status).toBe(200);

    const service = await readPage(site, servicePage);
    expect(service).toContain(
      "Type your name and email into <strong>Your info</strong> when the calendar opens.",
    );
    expect(service).not.toContain("Add your details");
    expect(await readPage(site, "/booking")).toContain("<strong>Your info</strong>");
    const contact = await readPage(site, "/contact");
    expect(contact).toMatch(/<label[^>]*>Your full name<\/label>/);
    // The newsletter form sits in every page's footer.
    expect(contact).toMatch(/<button[^>]*type="submit"[^>]*>Sign me up<\/button>/);
    expect(await readPage(site, "/about")).toContain(">Sign me up</button>");
    const missing = await fetch(`${site.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Nothing lives at this address");
  });

  it("shows the unsubscribe, blog, home layout, case study and legal texts saved through the content API", async () => {
    const before = await getContent(site);
    const invalidLink = "/unsubscribe?token=no-such-token";
    expect(await readPage(site, invalidLink)).toContain("This unsubscribe link is not valid");
    const { content } = before;
    const response = await postJsonAs(
      site,
      "/api/content",
      {
        content: {
          forms: {
            ...content.forms,
            unsubscribeInvalidHeading: "That link has expired",
            unsubscribeInvalidText: "Write to {email} and we take you off the list.",
          },
          blog: {
            ...content.blog,
            readMoreText: "Keep reading",
            countText: "{shown} shown, {total} found",
          },
          hero: { ...content.hero, approachHeading: "The Way We Deliver" },
          caseStudies: { ...content.caseStudies, challengeLabel: "The Problem" },
          legal: { ...content.legal, eyebrow: "Small Print" },
        },
      },
      { cookie: await logInCookie(site), headers: { "if-match": before.etag } },
    );
    expect(response.status).toBe(200);

    const unsubscribe = await fetch(`${site.url}${invalidLink}`);
    expect(unsubscribe.status).toBe(404);
    const unsubscribeHtml = await unsubscribe.text();
    expect(unsubscribeHtml).toMatch(/<h1[^>]*>That link has expired<\/h1>/);
    expect(unsubscribeHtml).toMatch(
      new RegExp(`Write to <a href="mailto:${content.contact.email}"[^>]*>[^<]+</a> and we take`),
    );
    const blog = await readPage(site, "/blog");
    expect(blog).toMatch(/>Keep reading<span class="sr-only">/);
    expect(blog).not.toMatch(/>Read More<span/);
    expect(blog).toMatch(/<p role="status"[^>]*>\d+ shown, \d+ found<\/p>/);
    expect(await readPage(site, "/option2")).toMatch(/<h2[^>]*>The Way We Deliver<\/h2>/);
    expect(await readPage(site, "/case-studies")).toMatch(/<\/svg>The Problem<\/h3>/);
    expect(await readPage(site, "/privacy-policy")).toContain("Small Print");
  });

  it("rejects a text that breaks the rules with a 400 naming the field", async () => {
    const before = await getContent(site);
    const response = await postJsonAs(
      site,
      "/api/content",
      { content: { forms: { ...before.content.forms, newsletterButtonText: "x".repeat(61) } } },
      { cookie: await logInCookie(site) },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors["content.forms.newsletterButtonText"]).toBe("Must be at most 60 characters");
  });

  it("renders today's texts for a document stored before they were content, also once restored", async () => {
    const { db } = site.services;
    const older = await db
      .insertInto("content_revisions")
      .values({
        document: JSON.stringify(buildOlderDocument("Older Document IT")),
        created_at: new Date().toISOString(),
        author: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await markDataChanged(db, "content");

    const service = await readPage(site, servicePage);
    expect(service).toContain("Older Document IT");
    expect(service).toContain(
      'please enter your contact details manually in the <strong>"Add your details"</strong> section',
    );
    const contact = await readPage(site, "/contact");
    expect(contact).toMatch(/<label[^>]*>Name<\/label>/);
    expect(contact).toMatch(/<button[^>]*type="submit"[^>]*>Subscribe<\/button>/);
    expect(contact).toContain(">Quick Links</h2>");
    const blog = await readPage(site, "/blog");
    expect(blog).toContain('placeholder="Search articles..."');
    expect(blog).toContain("Featured Resources");
    expect(await (await fetch(`${site.url}/missing-page`)).text()).toContain("404 Page Not Found");
    expect(service).toContain("Key Benefits");
    expect(service).toContain("Ready to Talk About IT Strategy &amp; Consulting?");
    const booking = await readPage(site, "/booking");
    expect(booking).toContain("30-Minute Session");
    expect(booking).toContain("Have Questions Before You Book?");
    expect(await readPage(site, "/")).toContain("Free 30-Minute Consultation");
    expect(blog).toMatch(/>Read More<span class="sr-only">/);
    expect(blog).toMatch(/<p role="status"[^>]*>Showing \d+ of \d+ articles<\/p>/);
    expect(await readPage(site, "/option2")).toMatch(/<h2[^>]*>How We Work<\/h2>/);
    expect(await readPage(site, "/option3")).toContain("Our Core Values");
    expect(await readPage(site, "/unsubscribe?token=unknown")).toContain(
      "This unsubscribe link is not valid",
    );
    expect(await readPage(site, "/terms-of-service")).toContain(
      "The terms that apply when you use the Older Document IT website.",
    );
    expect(await readPage(site, "/sitemap")).toMatch(/<h1[^>]*>Sitemap<\/h1>/);

    // A later save, then Restore of the older document: its missing texts are the defaults again.
    const { etag } = await getContent(site);
    const restored = await contentHistory.restore(db, older.id, {
      expectedVersion: Number(etag.replaceAll('"', "")),
      actor: { adminId: null, email: testAdmin.email, address: "127.0.0.1" },
      role: "owner",
    });
    expect(restored).toBeDefined();
    const after = await getContent(site);
    expect(after.content.general.companyName).toBe("Older Document IT");
    expect(after.content.forms).toEqual(defaultContent.forms);
    expect(after.content.blog.readMoreText).toBe("Read More");
    expect(after.content.booking.detailsNote).toBe(defaultContent.booking.detailsNote);
  });
});
