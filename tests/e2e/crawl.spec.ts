// No dead links (DESIGN.md principle 4): crawl every page reachable from / as a visitor and check
// that every link the site renders, and every image it shows, answers without an error.
import { expect } from "@playwright/test";
import { test } from "./test";

const maxPages = 400;

function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<(?:a|link)\b[^>]*\bhref="([^"]+)"/g))
    links.push(match[1] ?? "");
  for (const match of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) links.push(match[1] ?? "");
  return links.map((link) => link.replaceAll("&amp;", "&"));
}

test("every link and image on every page reachable from / works", async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? "").origin;
  const queue = ["/"];
  const seen = new Set(queue);
  const broken: string[] = [];
  let pages = 0;

  while (queue.length > 0 && pages < maxPages) {
    const path = queue.shift() ?? "/";
    const response = await request.get(path);
    if (response.status() >= 400) {
      broken.push(`${path} -> ${response.status()}`);
      continue;
    }
    const type = response.headers()["content-type"] ?? "";
    if (!type.startsWith("text/html")) continue;
    pages++;
    for (const link of extractLinks(await response.text())) {
      const url = new URL(link, `${origin}${path}`);
      if (url.origin !== origin || !/^https?:$/.test(url.protocol)) continue;
      // The booking buttons' counted hop to the external calendar: outside the site, like it.
      if (url.pathname === "/booking/go") continue;
      const target = `${url.pathname}${url.search}`;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }

  expect(broken, "links that lead to an error").toEqual([]);
  expect(pages).toBeGreaterThan(15);
});
