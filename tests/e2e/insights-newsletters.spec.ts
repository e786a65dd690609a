// The Insights Newsletters table after a real send, at a phone and a desktop width: an issue goes
// through a real SMTP server to three readers, a scanner follows every link of one copy and two
// readers click, and the owner sees per issue people's and machines' clicks, one issue's links and
// why opens are not counted. axe is clean. A site of its own, its clicks written on demand.
import { expect, type Page } from "@playwright/test";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite } from "../support/mail-site";
import {
  addConfirmedSubscribers,
  getRecipient,
  readMail,
  sendNewsletterAs,
  signIn,
  waitFor,
} from "../support/newsletter";
import { testAdmin } from "../support/test-site";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";

const subject = "November digest";
const person =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
let mailSite: MailSite;

const tableOf = (page: Page, title: string) =>
  page.getByRole("table", { name: title, exact: true });

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  // No hand-over wait here: the scanner below is told apart by its HEAD and its burst.
  mailSite = await startMailSite(
    await sqlite.create(),
    { MAIL_FROM: "news@clearline.example", NEWSLETTER_RATE: "100000" },
    {},
    { clicks: { timings: { handoverMs: 0 }, flushMs: 3_600_000 } },
  );
  const { site, smtp } = mailSite;
  const readers = await addConfirmedSubscribers(site.services.db, 3, "insights");
  const cookie = await signIn(site.url, testAdmin);
  await sendNewsletterAs(site.url, cookie, {
    subject,
    bodyHtml:
      '<p>Read <a href="/about">about us</a>, <a href="/services">our services</a> and ' +
      '<a href="https://partner.example/a-very-long-address/that-goes/on-and-on?campaign=autumn">our partner</a>.</p>',
  });
  const linksOf = (reader: string) => {
    const raw = smtp.received.find((mail) => getRecipient(readMail(mail)) === reader) ?? "";
    const found = readMail(raw).match(/http:\/\/[^\s"<>)]+\/r\/[A-Za-z0-9_-]{22}-\d+/g) ?? [];
    return [...new Set(found)].map((link) => link.replace(site.services.config.SITE_URL, site.url));
  };
  await waitFor(() => readers.every((reader) => linksOf(reader).length === 3));
  const follow = (link: string, method = "GET") =>
    fetch(link, { method, redirect: "manual", headers: { "user-agent": person } });
  // A scanner follows every link of the first copy at once; two readers click one link each.
  const [first = "", second = "", third = ""] = readers;
  await Promise.all(
    linksOf(first).map((link, index) => follow(link, index === 0 ? "HEAD" : "GET")),
  );
  await follow(linksOf(second)[0] ?? "");
  await follow(linksOf(third)[1] ?? "");
  await site.app.clicks.flush();
});

test.afterAll(async () => {
  await mailSite?.close();
});

for (const width of [375, 1280]) {
  test(`at ${width} px Insights shows the issue's clicks by people and machines and its links, axe clean`, async ({
    page,
  }) => {
    const { site } = mailSite;
    await page.setViewportSize({ width, height: 900 });
    const login = await page.request.post(`${site.url}/api/admin/login`, {
      data: testAdmin,
      headers: { origin: site.url },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${site.url}/admin/insights?period=7d`);

    const issues = tableOf(page, "Newsletters");
    const row = issues.getByRole("row").filter({ hasText: subject });
    await expect(row.getByRole("rowheader")).toContainText(
      "3 copies sent · 2 people clicked · 3 machine clicks · 0 visits · 0 sign-ups · 0 messages",
    );
    await expect(row.getByRole("cell").first()).toHaveText("2");
    await expect(
      page.getByText("Opens are not counted: mail apps fetch every copy's images at delivery"),
    ).toBeVisible();
    const links = tableOf(page, `Links in '${subject}'`);
    await expect(links.getByRole("rowheader")).toHaveCount(3);
    await expect(links.getByRole("row").filter({ hasText: "/about" })).toContainText(
      "1 person · 1 machine click",
    );
    await row.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(/newsletter=\d+#insights-newsletter-links$/);
    await links.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`insights-newsletters-${width}.png`),
      fullPage: true,
    });

    const csv = await page.request.get(
      `${site.url}/admin/insights/export.csv?table=newsletters&period=7d`,
    );
    expect((await csv.text()).split("\r\n")[1]).toBe(`${subject},2,3,2,3,0,0,0`);
    await expectNoSeriousA11yViolations(page);
  });
}
