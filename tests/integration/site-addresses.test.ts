// One check of "an address on this site" everywhere a link is typed, against the built site and a
// real database: "/\evil.example" and a tab (which browsers read as another host) are refused with
// a message in every link field of every block, in navigation, in a redirect's source and target,
// written encoded or not, and a form's way back (returnTo) falls back to the home page.
import { describe, expect, it } from "vitest";
import { blockSpecs, createBlock } from "~/capabilities/blocks/page-blocks";
import { defaultNavigation } from "~/features/content/navigation";
import { postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** Addresses a browser takes elsewhere, and the words that must say why. */
const outside = [
  { value: "/\\evil.example", why: /backslash/ },
  { value: "/\t/evil.example", why: /tab/ },
];

/** Every link field of every block: [block type, field key]. */
const linkFields = blockSpecs.flatMap((spec) =>
  spec.fields.flatMap((field) => (field.kind === "link" ? [[spec.type, field.key] as const] : [])),
);

describe.each(getTestDatabaseKinds())("addresses on this site on $name", (kind) => {
  let site: TestSite;
  let cookie: string;
  useUploadsSite(kind, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  const errorsOf = async (response: Response) =>
    ((await response.json()) as { errors: Record<string, string> }).errors;

  it("refuses them in every link field of every block", async () => {
    expect(linkFields.length).toBeGreaterThan(0);
    for (const [type, key] of linkFields) {
      for (const { value, why } of outside) {
        const block = { ...createBlock(type, "b1"), [key]: value };
        const response = await postJsonAs(
          site,
          "/api/admin/pages",
          {
            slug: "link-check",
            status: "draft",
            publishAt: "",
            title: "Link check",
            blocks: [block],
            seoDescription: "",
          },
          { cookie },
        );
        const label = `${type} ${key} ${JSON.stringify(value)}`;
        expect(response.status, label).toBe(400);
        const messages = Object.values(await errorsOf(response)).join(" ");
        expect(messages, label).toMatch(why);
      }
    }
    expect((await fetch(`${site.url}/link-check`)).status).toBe(404);
  });

  it("refuses them in navigation links, and a tab inside a web address", async () => {
    const saveLink = (url: string) =>
      postJsonAs(
        site,
        "/api/content",
        {
          content: {
            navigation: {
              ...defaultNavigation,
              quickLinks: [{ label: "Out", target: { type: "url", url } }],
            },
          },
        },
        { cookie },
      );
    // A browser drops the tab: the link would lead to example.com.evil.example.
    const tabbed = { value: "https://example.com\t.evil.example", why: /tab/ };
    for (const { value, why } of [...outside, tabbed]) {
      const response = await saveLink(value);
      expect(response.status, JSON.stringify(value)).toBe(400);
      const errors = await errorsOf(response);
      expect(errors["content.navigation.quickLinks.0.target.url"], JSON.stringify(value)).toMatch(
        why,
      );
    }
  });

  it("refuses them as a redirect's target and source, encoded or not", async () => {
    const save = (fields: Record<string, string>) =>
      fetch(`${site.url}/admin/redirects?intent=save`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: site.url,
          cookie,
        },
        body: new URLSearchParams({ status: "301", ...fields }).toString(),
      });
    for (const target of [
      ...outside.map((entry) => entry.value),
      "/%5Cevil.example",
      "/%09/evil.example",
    ]) {
      const response = await save({ source: "/campaign", target });
      expect(response.status, JSON.stringify(target)).toBeGreaterThanOrEqual(400);
      expect(await response.text(), JSON.stringify(target)).toMatch(/backslash|tab/);
    }
    for (const source of [...outside.map((entry) => entry.value), "/%09/evil.example"]) {
      const response = await save({ source, target: "/contact" });
      expect(response.status, JSON.stringify(source)).toBeGreaterThanOrEqual(400);
      expect(await response.text(), JSON.stringify(source)).toMatch(/backslash|tab/);
    }
    const rules = await site.services.db.selectFrom("redirect_rules").select("id").execute();
    expect(rules).toEqual([]);
  });

  it("leads a form's way back home instead of to them", async () => {
    for (const { value } of outside) {
      const response = await fetch(`${site.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
        body: new URLSearchParams({ email: "", returnTo: value }).toString(),
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html, JSON.stringify(value)).not.toContain("evil.example");
      expect(html).toContain("Back to the home page");
    }
  });
});
