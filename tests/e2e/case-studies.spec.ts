// /case-studies and /case-studies/:id: the spec's header, the alternating list with every card,
// the entrance animations, images, the full case-study page and its 404.
import { expect, type Locator, type Page } from "@playwright/test";
import { defaultCaseStudies } from "../../app/features/publishing/default-case-studies";
import { anyImageAddress, expectNoSeriousA11yViolations, hashedImage } from "./fixtures";
import { test } from "./test";

const metrics = ["Faster processing", "Cost reduction", "Customer satisfaction", "Fewer errors"];

/** A Challenge, Approach or Results card, found by its heading. */
function detailCard(scope: Locator | Page, title: string): Locator {
  return scope
    .getByRole("heading", { name: title, exact: true })
    .locator("xpath=ancestor::section[1]");
}

test.describe("the case studies list", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the header, then every case study with its cards, image and testimonial", async ({
    page,
  }) => {
    test.slow();
    const response = await page.goto("/case-studies");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Case Studies | Clearline IT Consulting");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Studies");
    await expect(page.getByText("Real solutions for real business challenges")).toBeVisible();

    const articles = page.getByRole("main").getByRole("article");
    await expect(articles).toHaveCount(3);
    for (const [index, study] of defaultCaseStudies.entries()) {
      const item = articles.nth(index);
      await expect(item.getByRole("heading", { level: 2 })).toHaveText(study.title);
      await expect(item.getByText(study.industry, { exact: true })).toBeVisible();
      await expect(item.getByText(study.description)).toBeVisible();
      await expect(item.getByRole("heading", { name: "Challenge" })).toBeVisible();
      await expect(item.getByText(study.challenge)).toBeVisible();
      const approach = detailCard(item, "Approach");
      await expect(approach.getByRole("listitem")).toHaveCount(4);
      await expect(approach.getByRole("listitem")).toHaveText(study.approach);
      const results = detailCard(item, "Results");
      await expect(results.locator("dt")).toHaveText(metrics);
      await expect(results.locator("dd")).toHaveText(study.results.map((result) => result.value));

      const image = item.getByRole("img", { name: study.imageAlt });
      await expect(image).toHaveAttribute("src", hashedImage(study.imageUrl));
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "800");
      await expect(image).toHaveAttribute("loading", index === 0 ? "eager" : "lazy");

      const testimonial = item.locator("figure");
      await expect(testimonial.getByText(study.testimonial.quote)).toBeVisible();
      await expect(
        testimonial.getByText(study.testimonial.initials, { exact: true }),
      ).toBeVisible();
      await expect(testimonial.getByText(study.testimonial.name)).toBeVisible();
      await expect(
        testimonial.getByText(`${study.testimonial.role}, ${study.testimonial.company}`),
      ).toBeVisible();

      await expect(
        item.getByRole("link", { name: `Read the full case study: ${study.title}` }),
      ).toHaveAttribute("href", `/case-studies/${study.id}`);
    }
  });

  test("alternates the sides of text and image on a wide screen, image first on a narrow one", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const articles = page.getByRole("main").getByRole("article");
    for (const index of [0, 1, 2]) {
      const item = articles.nth(index);
      const heading = await item.getByRole("heading", { level: 2 }).boundingBox();
      const image = await item.getByRole("img").boundingBox();
      if (!heading || !image) throw new Error("not laid out");
      if (index % 2 === 0) expect(image.x).toBeGreaterThan(heading.x);
      else expect(image.x).toBeLessThan(heading.x);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    const first = articles.first();
    const heading = await first.getByRole("heading", { level: 2 }).boundingBox();
    const image = await first.getByRole("img").boundingBox();
    expect(image?.y).toBeLessThan(heading?.y ?? 0);
  });

  test("animates in over 0.5 s, the image column 0.2 s later, and not with reduced motion", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const item = page.getByRole("main").getByRole("article").first();
    const textColumn = item.getByRole("heading", { level: 2 }).locator("..");
    const timing = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.animationName, style.animationDuration, style.animationDelay];
      });
    expect(await timing(textColumn)).toEqual(["fade-up", "0.5s", "0s"]);
    expect(await timing(item.getByRole("img"))).toEqual(["fade-up", "0.5s", "0.2s"]);
    expect(await timing(item.locator("figure"))).toEqual(["fade-up", "0.5s", "0.2s"]);
    // The animation ends fully visible.
    await expect(item.getByRole("img")).toHaveCSS("opacity", "1");

    await page.emulateMedia({ reducedMotion: "reduce" });
    const [, duration, delay] = await timing(item.getByRole("img"));
    expect(Number.parseFloat(duration ?? "")).toBeLessThan(0.001);
    expect(delay).toBe("0s");
  });

  test("lazy images below the fold load when scrolled to, keeping their own picture", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const last = page.getByRole("main").getByRole("article").last().getByRole("img");
    await expect(last).toHaveAttribute("src", hashedImage(defaultCaseStudies[2]?.imageUrl ?? ""));
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() => last.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(last).toHaveAttribute("src", hashedImage(defaultCaseStudies[2]?.imageUrl ?? ""));
  });

  test("shows the placeholder image when a case study image fails to load", async ({ page }) => {
    const broken = defaultCaseStudies[0];
    if (!broken) throw new Error("no case study");
    await page.route(anyImageAddress(broken.imageUrl), (route) => route.abort());
    await page.goto("/case-studies");
    const image = page.getByRole("img", { name: broken.imageAlt });
    await expect(image).toHaveAttribute("src", "/images/placeholder.svg");
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list arrives complete and visible, and its links work", async ({ page }) => {
    await page.goto("/case-studies");
    const articles = page.getByRole("main").getByRole("article");
    await expect(articles).toHaveCount(3);
    for (const study of defaultCaseStudies) {
      await expect(page.getByRole("heading", { name: study.title })).toBeVisible();
    }
    await expect(articles.first().getByRole("img")).toHaveCSS("opacity", "1");
    const study = defaultCaseStudies[1];
    if (!study) throw new Error("no case study");
    await page.getByRole("link", { name: `Read the full case study: ${study.title}` }).click();
    await expect(page).toHaveURL(`/case-studies/${study.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title);
  });
});

test.describe("a case study page", () => {
  const study = defaultCaseStudies[0];
  if (!study) throw new Error("no case study");

  test("is reached from the list and shows the whole case study with a call to action", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/case-studies");
    await page.getByRole("link", { name: `Read the full case study: ${study.title}` }).click();
    await expect(page).toHaveURL(`/case-studies/${study.id}`);
    await expect(page).toHaveTitle(
      `${study.title}: ${study.industry} Case Study | Clearline IT Consulting`,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title);
    const main = page.getByRole("main");
    await expect(main.getByText(study.industry, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(study.client)).toBeVisible();
    await expect(main.getByText(study.description).first()).toBeVisible();
    await expect(main.getByText(study.challenge)).toBeVisible();
    await expect(detailCard(main, "Approach").getByRole("listitem")).toHaveText(study.approach);
    await expect(detailCard(main, "Results").locator("dt")).toHaveText(metrics);
    await expect(main.getByText(study.testimonial.quote)).toBeVisible();
    // The body's own sections.
    for (const heading of ["Background", "What we did", "Outcome"]) {
      await expect(main.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    }
    const image = main.getByRole("img", { name: study.imageAlt });
    await expect(image).toHaveAttribute("src", hashedImage(study.imageUrl));
    await expect(image).toHaveAttribute("width", "1200");
    await expect(
      main.getByRole("link", { name: "Book a Free Consultation", exact: true }),
    ).toHaveAttribute("href", "/booking");
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(main.getByRole("link", { name: "All case studies" })).toHaveAttribute(
      "href",
      "/case-studies",
    );
    // The other two, one click away.
    const more = main.getByRole("region", { name: "More Case Studies" });
    await expect(more.getByRole("link")).toHaveCount(2);
  });

  test("answers an unknown case study with a 404 page", async ({ page }) => {
    const response = await page.goto("/case-studies/no-such-study");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Study Not Found");
    await expect(
      page.getByText("The case study you're looking for could not be found."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "View All Case Studies" })).toHaveAttribute(
      "href",
      "/case-studies",
    );
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoSeriousA11yViolations(page);
  });
});
