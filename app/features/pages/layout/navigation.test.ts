import { describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import {
  defaultNavigation,
  guessProfileNetwork,
  listPageRefs,
  type Navigation,
  navigationSchema,
} from "~/features/content/navigation";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { collectRouteFacts } from "~/platform/route-facts.server";
import { toSlug } from "~/platform/slug";
import { loadRouteManifest } from "../../../../tests/support/route-manifest";
import { listSitePages } from "../site-pages";
import { findMissingRefs, indexSitePages, resolveNavigation } from "./navigation";
import { profileMarks } from "./profile-marks";

const routes = collectRouteFacts(await loadRouteManifest()).pages;
const pages = indexSitePages(
  listSitePages({
    routes,
    content: defaultContent,
    caseStudies: defaultCaseStudies,
    articles: defaultArticles,
  }),
);
const article = defaultArticles[0];

describe("the default navigation", () => {
  const resolved = resolveNavigation(defaultNavigation, pages);

  it("is the original header: Home, the Services dropdown, About, Blog, Contact, and the booking button", () => {
    const plain = (label: string, href: string) => ({
      label,
      children: [],
      finalLink: { label, href, external: false },
    });
    expect(resolved.header).toEqual([
      plain("Home", "/"),
      {
        label: "Services",
        children: defaultContent.services.items.map((service) => ({
          label: service.title,
          href: `/services/${toSlug(service.title)}`,
          external: false,
        })),
        finalLink: { label: "View All Services", href: "/services", external: false },
      },
      plain("About", "/about"),
      plain("Blog", "/blog"),
      plain("Contact", "/contact"),
    ]);
    expect(resolved.cta).toEqual({
      label: "Book a Consultation",
      href: "/booking",
      external: false,
    });
  });

  it("is the original footer: the seven quick links, the three bottom links, the LinkedIn profile", () => {
    expect(resolved.quickLinks.map((link) => [link.label, link.href])).toEqual([
      ["Home", "/"],
      ["Services", "/services"],
      ["About Us", "/about"],
      ["Case Studies", "/case-studies"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
      ["Book a Consultation", "/booking"],
    ]);
    expect(resolved.bottomLinks.map((link) => [link.label, link.href])).toEqual([
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
      ["Sitemap", "/sitemap"],
    ]);
    expect(resolved.profiles).toEqual([
      {
        network: "linkedin",
        url: "https://www.linkedin.com/company/clearline-it-consulting",
        label: "LinkedIn",
        icon: profileMarks.linkedin,
      },
    ]);
    expect(findMissingRefs(listPageRefs(defaultNavigation), pages)).toEqual([]);
  });

  it("needs no database: every default link names a fixed page", () => {
    expect(new Set(listPageRefs(defaultNavigation).map((ref) => ref.kind))).toEqual(
      new Set(["page"]),
    );
  });

  it("is the content document's navigation", () => {
    expect(defaultContent.navigation).toEqual(defaultNavigation);
  });
});

describe("resolveNavigation", () => {
  const navigation: Navigation = {
    ...defaultNavigation,
    header: [
      {
        type: "link",
        label: "About",
        target: { type: "page", kind: "page", id: "/about" },
        children: [
          { label: "Gone", target: { type: "page", kind: "article", id: "no-such-article" } },
          { label: "Read this", target: { type: "page", kind: "article", id: article?.id ?? "" } },
        ],
      },
      {
        type: "link",
        label: "Orphaned parent",
        target: { type: "page", kind: "case-study", id: "deleted-study" },
        children: [{ label: "Docs", target: { type: "url", url: "https://docs.example.com/" } }],
      },
      {
        type: "link",
        label: "Hidden",
        target: { type: "page", kind: "case-study", id: "deleted-study" },
        children: [],
      },
    ],
    cta: { label: "Call us", target: { type: "page", kind: "article", id: "unpublished" } },
    profiles: [{ network: "mastodon", url: "https://mastodon.social/@firm", label: "" }],
  };
  const resolved = resolveNavigation(navigation, pages);

  it("draws a page link at the page's current address and an external one as it is", () => {
    const about = resolved.header[0];
    expect(about?.finalLink).toEqual({ label: "About", href: "/about", external: false });
    expect(about?.children).toEqual([
      { label: "Read this", href: `/blog/${article?.id}`, external: false },
    ]);
  });

  it("leaves out links to missing pages, an item whose page and children are all gone, and the button", () => {
    expect(resolved.header.map((item) => item.label)).toEqual(["About", "Orphaned parent"]);
    expect(resolved.header[1]?.finalLink).toBeUndefined();
    expect(resolved.header[1]?.children).toHaveLength(1);
    expect(resolved.cta).toBeUndefined();
    expect(findMissingRefs(listPageRefs(navigation), pages)).toEqual([
      "article:no-such-article",
      "case-study:deleted-study",
      "article:unpublished",
    ]);
  });

  it("names a profile after its network when it has no label of its own", () => {
    expect(resolved.profiles).toEqual([
      {
        network: "mastodon",
        url: "https://mastodon.social/@firm",
        label: "Mastodon",
        icon: profileMarks.mastodon,
      },
    ]);
  });
});

describe("the Services menu's own links", () => {
  const services = defaultContent.services.items.map((service) => ({
    label: service.title,
    href: `/services/${toSlug(service.title)}`,
    external: false,
  }));
  const navigation: Navigation = {
    ...defaultNavigation,
    header: [
      {
        type: "services",
        label: "Services",
        children: [
          { label: "Careers", target: { type: "page", kind: "page", id: "/careers" } },
          { label: "Gone", target: { type: "page", kind: "article", id: "no-such-article" } },
          {
            label: "Partner Portal",
            target: { type: "url", url: "https://partners.example.com/" },
          },
        ],
      },
    ],
  };
  const built = indexSitePages(
    listSitePages({
      routes,
      content: defaultContent,
      caseStudies: [],
      articles: [],
      pages: [{ id: "careers", title: "Careers at Clearline" }],
    }),
  );

  it("come after every service and before View All Services; a missing page is left out and flagged", () => {
    expect(resolveNavigation(navigation, built).header).toEqual([
      {
        label: "Services",
        children: [
          ...services,
          { label: "Careers", href: "/careers", external: false },
          { label: "Partner Portal", href: "https://partners.example.com/", external: true },
        ],
        finalLink: { label: "View All Services", href: "/services", external: false },
      },
    ]);
    expect(findMissingRefs(listPageRefs(navigation), built)).toEqual(["article:no-such-article"]);
  });

  it("make a menu of their own when there is no service", () => {
    const none = indexSitePages(
      listSitePages({
        routes,
        content: { ...defaultContent, services: { ...defaultContent.services, items: [] } },
        caseStudies: [],
        articles: [],
        pages: [{ id: "careers", title: "Careers at Clearline" }],
      }),
    );
    const [item] = resolveNavigation(navigation, none).header;
    expect(item?.children.map((link) => link.label)).toEqual(["Careers", "Partner Portal"]);
    expect(item?.finalLink).toEqual({ label: "Services", href: "/services", external: false });
  });

  it("are none in a document stored before they existed", () => {
    const stored = navigationSchema.parse({
      ...defaultNavigation,
      header: [{ type: "services", label: "Services" }],
    });
    expect(stored.header).toEqual([{ type: "services", label: "Services", children: [] }]);
  });
});

describe("navigationSchema", () => {
  it("refuses script and data addresses, and a profile without https", () => {
    const result = navigationSchema.safeParse({
      ...defaultNavigation,
      quickLinks: [
        { label: "Bad", target: { type: "url", url: "javascript:alert(1)" } },
        { label: "", target: { type: "url", url: "mailto:hello@example.com" } },
      ],
      profiles: [{ network: "github", url: "ftp://example.com/", label: "" }],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining(["quickLinks.0.target.url", "quickLinks.1.label", "profiles.0.url"]),
    );
  });

  it("guesses the network of a profile address", () => {
    expect(guessProfileNetwork("https://www.linkedin.com/company/x")).toBe("linkedin");
    expect(guessProfileNetwork("https://twitter.com/firm")).toBe("x");
    expect(guessProfileNetwork("https://fosstodon.org/@firm")).toBe("mastodon");
    expect(guessProfileNetwork("https://example.com/")).toBe("other");
  });
});
