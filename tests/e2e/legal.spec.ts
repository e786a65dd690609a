// The privacy policy and terms of service from the content, and the HTML sitemap that lists every
// public page.
import { expect } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { defaultCaseStudies } from "../../app/features/publishing/default-case-studies";
import { defaultPages } from "../../app/features/publishing/default-pages";
import { toSlug } from "../../app/platform/slug";
import { listTags } from "../support/html-tags";
import { test } from "./test";

const { legal, general } = defaultContent;

/** The texts of the h2 headings in a stored rich-text document. */
function getSectionHeadings(html: string): string[] {
  return [...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1] ?? "");
}

for (const page of [
  { path: "/privacy-policy", title: "Privacy Policy", html: legal.privacyPolicy },
  { path: "/terms-of-service", title: "Terms of Service", html: legal.termsOfService },
]) {
  test.describe(page.title, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test(`shows the ${page.title} from the content`, async ({ page: browser }) => {
      await browser.goto(page.path);
      await expect(browser).toHaveTitle(`${page.title} | ${general.companyName}`);
      await expect(browser.getByRole("heading", { level: 1 })).toHaveText(page.title);
      const headings = getSectionHeadings(page.html);
      expect(headings.length).toBeGreaterThan(5);
      await expect(browser.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(
        headings,
      );
      await expect(
        browser
          .getByRole("article")
          .getByRole("link", { name: defaultContent.contact.email })
          .first(),
      ).toHaveAttribute("href", `mailto:${defaultContent.contact.email}`);
    });
  });
}

test.describe("the HTML sitemap", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists every public page, service, case study and article", async ({ page }) => {
    await page.goto("/sitemap");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
    const main = page.getByRole("main");
    const expected = [
      "/",
      "/services",
      "/about",
      "/case-studies",
      "/blog",
      "/contact",
      "/booking",
      "/privacy-policy",
      "/terms-of-service",
      "/sitemap",
      ...defaultContent.services.items.map((service) => `/services/${toSlug(service.title)}`),
      ...defaultCaseStudies.map((study) => `/case-studies/${study.id}`),
      ...defaultArticles.map((article) => `/blog/${article.id}`),
      ...defaultPages.map((built) => `/${built.id}`),
    ];
    for (const href of expected) {
      await expect(main.locator(`a[href="${href}"]`), href).toHaveCount(1);
    }
    await expect(main.getByRole("link")).toHaveCount(expected.length);
    for (const study of defaultCaseStudies) {
      await expect(main.getByRole("link", { name: study.title })).toBeVisible();
    }
    for (const article of defaultArticles) {
      await expect(main.getByRole("link", { name: article.title })).toBeVisible();
    }
  });
});

// What search engines and link previews read: the page as served.
test("the pages of this group have unique titles and descriptions", async ({ request }) => {
  const paths = [
    "/",
    "/option1",
    "/option2",
    "/option3",
    "/services",
    `/services/${toSlug(defaultContent.services.items[0]?.title ?? "")}`,
    `/services/${toSlug(defaultContent.services.items[1]?.title ?? "")}`,
    "/about",
    "/booking",
    "/privacy-policy",
    "/terms-of-service",
    "/sitemap",
  ];
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title ?? "");
    const description = listTags(html)
      .find(
        ({ name, attributes }) =>
          name === "meta" &&
          attributes.some(([key, value]) => key === "name" && value === "description"),
      )
      ?.attributes.find(([key]) => key === "content")?.[1];
    expect(description, path).toBeTruthy();
    descriptions.add(description ?? "");
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});
