import { describe, expect, it } from "vitest";
import { renderNewsletterEmail } from "../email.server";
import {
  getClickUrl,
  listIssueLinks,
  makeCopyToken,
  readClickToken,
  rewriteCopyLinks,
} from "./tracked-links";

const siteUrl = "https://clearline.example";
const frame = {
  siteUrl,
  companyName: "Clearline",
  postalAddress: "1 Main St",
  replyTo: "",
};

describe("a copy's tracked links", () => {
  const body =
    '<p>Read <a href="/blog/five-settings?x=1&amp;y=2">five settings</a>, ' +
    '<a href="https://partner.example/offer">our partner</a>, ' +
    '<a href="/blog/five-settings?x=1&amp;y=2">again</a>, ' +
    '<a href="mailto:hello@clearline.example">write</a> or <a href="#top">top</a>.</p>';

  it("lists the issue's web links once each in order, site paths made absolute", () => {
    expect(listIssueLinks(body, siteUrl)).toEqual([
      "https://clearline.example/blog/five-settings?x=1&y=2",
      "https://partner.example/offer",
    ]);
    expect(listIssueLinks("<p>No links</p>", siteUrl)).toEqual([]);
  });

  it("sends every web link of the issue through the copy's token, in the HTML and the text part, the footer's links untouched", () => {
    const links = listIssueLinks(body, siteUrl);
    const token = makeCopyToken();
    const copy = rewriteCopyLinks(body, links, siteUrl, token);
    const email = renderNewsletterEmail(
      { subject: "November digest", bodyHtml: copy },
      frame,
      `${siteUrl}/newsletter/unsubscribe?token=abc`,
    );
    const first = getClickUrl(siteUrl, token, 1);
    const second = getClickUrl(siteUrl, token, 2);
    expect(email.html.split(first)).toHaveLength(3);
    expect(email.html).toContain(second);
    expect(email.html).not.toContain("partner.example");
    expect(email.html).toContain('href="mailto:hello@clearline.example"');
    expect(email.html).toContain('href="#top"');
    expect(email.html).toContain(`${siteUrl}/newsletter/unsubscribe?token=abc`);
    expect(email.text).toContain(`five settings (${first})`);
    expect(email.text).toContain(`our partner (${second})`);
    expect(email.text).toContain(`Unsubscribe: ${siteUrl}/newsletter/unsubscribe?token=abc`);
  });

  it("makes tokens that are random and name no address, and reads back only well-formed ones", () => {
    const tokens = new Set(Array.from({ length: 1000 }, makeCopyToken));
    expect(tokens.size).toBe(1000);
    const [token = ""] = tokens;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readClickToken(`${token}-2`)).toEqual({ token, position: 2 });
    for (const bad of [
      "",
      `${token}`,
      `${token}-0`,
      `${token}-12345`,
      `${token}x-1`,
      "../../etc-1",
      `${token}-1 `,
    ]) {
      expect(readClickToken(bad), bad).toBeUndefined();
    }
  });
});
