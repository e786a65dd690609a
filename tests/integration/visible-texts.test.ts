// The texts once fixed in code that a visitor reads (home badges of both layouts, booking tab
// labels, Featured Resources, Case Study Highlights, the contact card's labels, the closing
// banners' contact button), with the About values, booking tiles and business hours: the spec's
// words by default, the owner's once saved, escaped whatever is typed; a bad Featured address is a
// 400 naming the field; a document stored before these fields existed shows the defaults.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { featuredAddressMessage } from "~/features/content/schema";
import { markDataChanged } from "~/platform/data-version.server";
import { getContent, logInCookie, postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

/** A page's HTML without React's text separators, so adjacent texts read as written. */
async function readPage(site: TestSite, path: string): Promise<string> {
  return (await (await fetch(`${site.url}${path}`)).text()).replaceAll("<!-- -->", "");
}

/** The suite's hostile plain-text inputs: markup that must reach pages as text. */
const hostile = [
  '"><img src=x onerror="window.__xss=7">',
  "<script>window.__xss=1</script>",
  '<svg onload="window.__xss=3"></svg>',
  '<a href="javascript:window.__xss=4">js</a>',
];

function expectNoMarkupFromInput(html: string) {
  expect(html).not.toMatch(/<img[^>]*onerror/i);
  expect(html).not.toContain("<script>window.__xss");
  expect(html).not.toMatch(/<svg[^>]*onload/i);
  expect(html).not.toMatch(/href="javascript:/i);
}

describe.each(getTestDatabaseKinds())("texts a visitor reads, editable, on $name", (kind) => {
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
    cookie = await logInCookie(site);
  });

  afterAll(async () => {
    await site?.close();
  });

  async function save(sections: Record<string, unknown>) {
    const { etag } = await getContent(site);
    return postJsonAs(
      site,
      "/api/content",
      { content: sections },
      { cookie, headers: { "if-match": etag } },
    );
  }

  it("shows the spec's words until the owner changes them", async () => {
    const home = await readPage(site, "/");
    for (const badge of ["15+ Years Experience", "100+ Projects Completed", "24/7 Support"]) {
      expect(home).toContain(badge);
    }
    const option1 = await readPage(site, "/option1");
    for (const figure of [
      ">10+</span> <span[^>]*>Years Experience</span>",
      ">50+</span> <span[^>]*>Projects Completed</span>",
      ">100%</span> <span[^>]*>Client Satisfaction</span>",
    ]) {
      expect(option1).toMatch(new RegExp(figure.replace("+", "\\+")));
    }
    const about = await readPage(site, "/about");
    for (const value of ["Excellence", "Client-Focused", "Innovation", "Reliability"]) {
      expect(about).toContain(`>${value}</h3>`);
    }
    const booking = await readPage(site, "/booking");
    for (const text of ["30-Minute Session", "Expert Guidance", "Next Steps", "Book Now"]) {
      expect(booking).toContain(text);
    }
    expect(booking).toContain("What to Expect");
    const contact = await readPage(site, "/contact");
    expect(contact).toContain("Monday - Friday");
    expect(contact).toContain("9:00 AM - 6:00 PM");
    expect(contact).toContain("By appointment");
    const blog = await readPage(site, "/blog");
    for (const label of ["Guides &amp; Tutorials", "Success Stories", "Industry Insights"]) {
      expect(blog).toContain(label);
    }
    expect(blog).toContain('href="/blog/cybersecurity-essentials-for-small-businesses"');
    expect(blog).toContain('href="/case-studies/regional-credit-union-loan-automation"');
    // No card only filters the blog any more.
    expect(blog).not.toMatch(/href="\/blog\?category=[^"]*"[^>]*aria-label="Read/);
    const caseStudies = await readPage(site, "/case-studies");
    expect(caseStudies).toMatch(/<h2[^>]*>Results at a Glance<\/h2>/);
    expect(caseStudies).toContain("Modernizing IT for a Growing Law Firm");
    expect(caseStudies).toContain(">Healthcare</span>");
  });

  it("shows what the owner saved, and hostile input only as text", async () => {
    const { content } = await getContent(site);
    const [evilImg, evilScript, evilSvg, evilLink] = hostile;
    const response = await save({
      hero: {
        ...content.hero,
        badges: [
          { value: "20+", label: `Happy Years ${evilImg}` },
          { value: "300", label: `Clients ${evilScript}` },
        ],
        alternativeBadges: [{ value: "12", label: `Cities ${evilSvg}` }],
      },
      about: {
        ...content.about,
        values: [{ title: "Candour", description: `We say it straight ${evilLink}` }],
      },
      booking: {
        ...content.booking,
        tiles: [{ title: "Quick Call", description: `Twenty minutes ${evilImg}` }],
        bookTabLabel: "Pick a Time",
      },
      contact: {
        ...content.contact,
        hours: [{ days: "Weekdays", hours: `8 to 5 ${evilScript}` }],
        phoneLabel: "Call us",
      },
      blog: {
        ...content.blog,
        featuredTabs: [
          {
            label: `Playbooks ${evilSvg}`,
            items: ["/case-studies/precision-manufacturer-cloud-migration"],
          },
          { label: "Nothing Published", items: ["/blog/no-such-article"] },
        ],
        featuredViewAllText: "See everything",
      },
      caseStudies: {
        ...content.caseStudies,
        highlightsHeading: "Wins",
        items: [{ title: `Hospital ${evilImg}`, industry: "Health", description: evilLink }],
      },
      cta: { ...content.cta, contactButtonText: "Write to Us" },
    });
    expect(response.status).toBe(200);
    // Plain text is stored as typed: the pages escape it.
    const stored = (await getContent(site)).content;
    expect(stored.hero.badges[0]?.label).toBe(`Happy Years ${evilImg}`);

    // Each page: what it shows now, and what it no longer shows.
    const pages: { path: string; shows: (string | RegExp)[]; gone: string[] }[] = [
      {
        path: "/",
        shows: ["20+ Happy Years &quot;&gt;&lt;img src=x onerror=", ">Write to Us</a>"],
        // The badge's markup: a page's random nonce can hold "15+" too.
        gone: [">15+<"],
      },
      { path: "/option1", shows: ["Cities &lt;svg onload="], gone: ["Client Satisfaction"] },
      { path: "/about", shows: [">Candour</h3>"], gone: [">Excellence</h3>"] },
      {
        path: "/booking",
        shows: [">Quick Call</h3>", "Pick a Time"],
        gone: ["30-Minute Session"],
      },
      {
        path: "/contact",
        shows: ["Weekdays", "8 to 5 &lt;script&gt;", ">Call us</p>"],
        gone: ["Monday - Friday"],
      },
      {
        path: "/blog",
        shows: [
          "Playbooks &lt;svg",
          'href="/case-studies/precision-manufacturer-cloud-migration"',
          "See everything",
        ],
        // A tab whose items are not published is hidden, and the old tabs are gone.
        gone: ["Nothing Published", "Guides &amp; Tutorials"],
      },
      {
        path: "/case-studies",
        shows: [/<h2[^>]*>Wins<\/h2>/, "Hospital &quot;&gt;&lt;img"],
        gone: ["Results at a Glance"],
      },
    ];
    for (const { path, shows, gone } of pages) {
      const html = await readPage(site, path);
      for (const text of shows) {
        if (typeof text === "string") expect(html, path).toContain(text);
        else expect(html, path).toMatch(text);
      }
      for (const text of gone) expect(html, path).not.toContain(text);
      expectNoMarkupFromInput(html);
    }

    const { hero, about, booking, contact, blog, caseStudies, cta } = defaultContent;
    const restore = await save({ hero, about, booking, contact, blog, caseStudies, cta });
    expect(restore.status).toBe(200);
  });

  it("refuses a Featured Resources item that is not an article or case study address", async () => {
    const before = await getContent(site);
    for (const address of [
      "javascript:alert(1)",
      "https://evil.example/blog/x",
      "/services/it-strategy-consulting",
      "/blog/<script>",
    ]) {
      const response = await save({
        blog: {
          ...before.content.blog,
          featuredTabs: [{ label: "Guides", items: [address] }],
        },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(body.errors["content.blog.featuredTabs.0.items.0"]).toBe(featuredAddressMessage);
    }
    expect((await getContent(site)).etag).toBe(before.etag);
  });

  it("shows the defaults for a document stored before these texts were content", async () => {
    const older: Record<string, Record<string, unknown>> = structuredClone(defaultContent);
    const dropped = {
      hero: ["badges", "alternativeBadges", "alternativeBadgesHeading", "consultationSubheading"],
      blog: ["featuredTabs", "featuredViewAllText"],
      caseStudies: ["highlightsHeading"],
      booking: ["bookTabLabel", "servicesTabLabel", "expectTabLabel"],
      contact: ["emailLabel", "phoneLabel", "addressLabel", "profileLabel"],
      cta: ["contactButtonText", "callHeading"],
    };
    for (const [section, keys] of Object.entries(dropped)) {
      for (const key of keys) delete older[section]?.[key];
    }
    const { db } = site.services;
    await db
      .insertInto("content_revisions")
      .values({
        document: JSON.stringify(older),
        created_at: new Date().toISOString(),
        author: null,
      })
      .execute();
    await markDataChanged(db, "content");

    expect(await readPage(site, "/")).toContain("15+ Years Experience");
    expect(await readPage(site, "/option1")).toContain("Client Satisfaction");
    expect(await readPage(site, "/blog")).toContain('href="/blog/practical-guide-to-adopting-ai"');
    expect(await readPage(site, "/booking")).toContain("What to Expect");
    expect(await readPage(site, "/contact")).toContain(">Professional profile</p>");
    expect(await readPage(site, "/case-studies")).toContain("Results at a Glance");
    expect(await readPage(site, "/about")).toContain(">Contact Us</a>");
  });
});
