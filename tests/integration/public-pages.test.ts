// The public pages of issue 3 (home layouts, services, about, booking, legal, sitemap) over HTTP
// on a real database: complete server HTML, statuses, and what happens when content cannot be read.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { toPlainText } from "~/platform/plain-text";
import { toSlug } from "~/platform/slug";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const services = defaultContent.services.items;
const firstSlug = toSlug(services[0]?.title ?? "");

async function getPage(site: TestSite, path: string) {
  const response = await fetch(`${site.url}${path}`);
  const html = await response.text();
  // What a reader sees: the markup's text, without the scripts that carry loader data.
  const text = toPlainText(html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, ""));
  return { status: response.status, html, text };
}

describe.each(getTestDatabaseKinds())("public pages on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  it("serves every page complete in the HTML", async () => {
    const expectations: Record<string, string[]> = {
      "/option1": ["10+ Years Experience", "50+ Projects Completed", "100% Client Satisfaction"],
      "/option2": ["How We Work", defaultContent.about.approach[0]?.title ?? ""],
      "/option3": [defaultContent.services.whyChoose[0]?.title ?? ""],
      "/services": ["Need Custom IT Solutions?", ...services.map((service) => service.title)],
      [`/services/${firstSlug}`]: [
        services[0]?.longDescription ?? "",
        "Key Benefits",
        "Related Services",
      ],
      "/about": ["Our Story", "Excellence", "Client-Focused", "Assessment", "Optimization"],
      "/booking": ["30-Minute Session", "Expert Guidance", "Next Steps", "How to Prepare"],
      "/privacy-policy": ["Information We Collect"],
      "/terms-of-service": ["Acceptable Use"],
      "/sitemap": ["Automating Loan Processing for a Regional Credit Union"],
    };
    for (const [path, texts] of Object.entries(expectations)) {
      const page = await getPage(site, path);
      expect(page.status, path).toBe(200);
      for (const text of texts) expect(page.text, `${path} shows ${text}`).toContain(text);
    }
  });

  it("renders every tab panel of a service in the HTML, with Overview selected", async () => {
    const { html, text } = await getPage(site, `/services/${firstSlug}`);
    expect(html.match(/<div[^>]*role="tabpanel"/g)).toHaveLength(4);
    expect(html).toMatch(/aria-selected="true"[^>]*>Overview</);
    for (const capability of services[0]?.capabilities ?? []) expect(text).toContain(capability);
    for (const useCase of services[0]?.useCases ?? []) expect(text).toContain(useCase.description);
  });

  it("answers 404 for an unknown service", async () => {
    const { status, text } = await getPage(site, "/services/not-a-service");
    expect(status).toBe(404);
    expect(text).toContain("Service Not Found");
    expect(text).toContain("The service you're looking for could not be found.");
  });

  it("shows saved content on the pages", async () => {
    const renamed = services.map((service, index) =>
      index === 0 ? { ...service, title: "Fractional CIO Services" } : service,
    );
    await saveContent(site.services.db, {
      services: { ...defaultContent.services, items: renamed },
    });
    expect((await getPage(site, "/services/fractional-cio-services")).status).toBe(200);
    // The old address leads to the renamed service.
    const old = await fetch(`${site.url}/services/${firstSlug}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/services/fractional-cio-services");
    expect((await getPage(site, "/services/no-such-service")).status).toBe(404);
    expect((await getPage(site, "/")).text).toContain("Fractional CIO Services");
    await saveContent(site.services.db, { services: defaultContent.services });
    expect((await getPage(site, `/services/${firstSlug}`)).status).toBe(200);
  });

  it("shows the error screen with 503 on the main home page when content cannot be read, while other pages fall back", async () => {
    const db = site.services.db;
    await sql`alter table content_revisions rename to content_revisions_away`.execute(db);
    try {
      const home = await getPage(site, "/");
      expect(home.status).toBe(503);
      expect(home.text).toContain("Error Loading Content");
      expect(home.text).toContain(
        "We're having trouble loading the website content. Please try refreshing the page.",
      );
      expect(home.html).toMatch(/<a[^>]*href="\/"[^>]*>(?:(?!<\/a>).)*Reload Page<\/a>/s);
      expect(home.text).not.toContain("15+ Years Experience");

      for (const path of [
        "/option1",
        "/services",
        "/about",
        "/booking",
        `/services/${firstSlug}`,
      ]) {
        const page = await getPage(site, path);
        expect(page.status, path).toBe(200);
        expect(page.text, path).toContain(services[1]?.title);
      }
    } finally {
      await sql`alter table content_revisions_away rename to content_revisions`.execute(db);
    }
    const home = await getPage(site, "/");
    expect(home.status).toBe(200);
    expect(home.text).toContain("15+ Years Experience");
  });
});
