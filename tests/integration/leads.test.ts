// The contact and newsletter endpoints, the no-JavaScript form posts, unsubscribing and the admin
// leads view, over HTTP against the built site and a real database.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdminByEmail } from "~/features/admin/admins/admins.server";
import { issueFormToken } from "~/platform/form-cookie.server";
import { hashClientIp } from "~/platform/rate-limit.server";
import { createSession, getSessionCookieName } from "~/platform/sessions.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const validMessage = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "+1 (512) 555-0100",
  company: "Acme Dental",
  message: "We need help moving our practice software to the cloud.",
};

let lastIp = 0;
/** Each test speaks from its own address (the site trusts its loopback proxy's X-Forwarded-For). */
function nextIp(): string {
  lastIp++;
  return `203.0.113.${lastIp}`;
}

describe.each(getTestDatabaseKinds())("leads on $name", (kind) => {
  let database: TestDatabase;
  let site: TestSite;

  beforeAll(async () => {
    database = await kind.create();
    site = await startTestSite(database);
  });

  afterAll(async () => {
    await site?.close();
  });

  function send(
    path: string,
    body: string,
    options: {
      ip: string;
      type?: string;
      origin?: string | null;
      headers?: Record<string, string>;
    },
  ) {
    const headers: Record<string, string> = {
      "content-type": options.type ?? "application/json",
      "x-forwarded-for": options.ip,
      "user-agent": "leads-test/1.0",
      ...options.headers,
    };
    if (options.origin !== null) headers.origin = options.origin ?? site.url;
    return fetch(`${site.url}${path}`, { method: "POST", headers, body, redirect: "manual" });
  }

  const postJson = (path: string, value: unknown, ip: string) =>
    send(path, JSON.stringify(value), { ip });
  const postForm = (path: string, fields: Record<string, string>, ip: string) =>
    send(path, new URLSearchParams(fields).toString(), {
      ip,
      type: "application/x-www-form-urlencoded",
    });

  const messages = () =>
    site.services.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
  const subscriptions = () =>
    site.services.db.selectFrom("newsletter_subscriptions").selectAll().orderBy("id").execute();

  async function clearLeads() {
    await site.services.db.deleteFrom("mail_outbox").execute();
    await site.services.db.deleteFrom("contact_messages").execute();
    await site.services.db.deleteFrom("newsletter_subscriptions").execute();
  }

  describe("POST /api/contact", () => {
    it("stores the spec's payload with the time, a hash of the address and the user agent, then answers 201", async () => {
      await clearLeads();
      const ip = nextIp();
      const before = Date.now();
      const response = await postJson(
        "/api/contact",
        { ...validMessage, name: "  Ann Lee ", company: "" },
        ip,
      );
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        message: "Thank you for contacting us. We'll be in touch soon!",
      });
      const [stored, ...others] = await messages();
      expect(others).toEqual([]);
      expect(stored).toMatchObject({
        name: "Ann Lee",
        email: validMessage.email,
        phone: validMessage.phone,
        company: null,
        message: validMessage.message,
        ip_hash: hashClientIp(ip),
        user_agent: "leads-test/1.0",
      });
      expect(Date.parse(stored?.created_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
      // Mail is not set up here: nothing waits in the outbox.
      expect(await site.services.db.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
    });

    it("answers invalid fields with 400, the spec's message for each field, and stores nothing", async () => {
      await clearLeads();
      const response = await postJson(
        "/api/contact",
        { name: "A", email: "ann@", phone: "", company: "", message: "Too short" },
        nextIp(),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "Name must be at least 2 characters",
        errors: {
          name: "Name must be at least 2 characters",
          email: "Please enter a valid email address",
          message: "Message must be at least 10 characters",
        },
      });
      expect(await messages()).toEqual([]);
    });

    it("answers malformed, mistyped, oversized and cross-site requests with a 4xx JSON message, never a 500", async () => {
      await clearLeads();
      const ip = nextIp();
      const cases: [Promise<Response>, number, string][] = [
        [send("/api/contact", "{not json", { ip }), 400, "The request body is not valid JSON"],
        [send("/api/contact", "", { ip }), 400, "The request body is not valid JSON"],
        [
          postJson("/api/contact", { ...validMessage, name: 7, message: ["x"] }, ip),
          400,
          "Name must be at least 2 characters",
        ],
        [postJson("/api/contact", [validMessage], ip), 400, "Send the message as a JSON object"],
        [postJson("/api/contact", null, ip), 400, "Send the message as a JSON object"],
        [
          send("/api/contact", JSON.stringify(validMessage), { ip, type: "text/plain" }),
          415,
          "Send the request body as JSON (Content-Type: application/json)",
        ],
        [
          postJson("/api/contact", { ...validMessage, message: "x".repeat(17_000) }, ip),
          413,
          "The request is too large",
        ],
        [
          send("/api/contact", JSON.stringify(validMessage), {
            ip,
            origin: "https://attacker.example",
          }),
          403,
          "Cross-site request refused",
        ],
        [
          send("/api/contact", JSON.stringify(validMessage), { ip, origin: null }),
          403,
          "Cross-site request refused: the request has no Origin",
        ],
      ];
      for (const [request, status, message] of cases) {
        const response = await request;
        expect(response.status, message).toBe(status);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect((await response.json()).message).toBe(message);
      }
      const get = await fetch(`${site.url}/api/contact`);
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      expect(await messages()).toEqual([]);
    });

    it("drops sure bots silently: a filled honeypot or a forged form token is told it worked and nothing is kept", async () => {
      await clearLeads();
      const ip = nextIp();
      const attempts = [
        { ...validMessage, website: "https://cheap-pills.example" },
        { ...validMessage, formToken: `${Date.now() - 60_000}.${"A".repeat(43)}` },
      ];
      for (const body of attempts) {
        const response = await postJson("/api/contact", body, ip);
        expect(response.status).toBe(201);
        expect(await response.json()).toEqual({
          message: "Thank you for contacting us. We'll be in touch soon!",
        });
      }
      expect(await messages()).toEqual([]);
    });

    it("keeps a form sent too soon apart as possible spam, telling the sender it worked", async () => {
      await clearLeads();
      const justShown = await issueFormToken(site.services.db);
      const response = await postJson(
        "/api/contact",
        { ...validMessage, formToken: justShown },
        nextIp(),
      );
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        message: "Thank you for contacting us. We'll be in touch soon!",
      });
      const [held, ...others] = await messages();
      expect(others).toEqual([]);
      expect(held).toMatchObject({ name: validMessage.name, spam_verdict: "too-fast" });
    });

    it("keeps a message from a form shown long enough ago", async () => {
      await clearLeads();
      const formToken = await issueFormToken(site.services.db, Date.now() - 10_000);
      const response = await postJson(
        "/api/contact",
        { ...validMessage, website: "", formToken },
        nextIp(),
      );
      expect(response.status).toBe(201);
      expect(await messages()).toHaveLength(1);
    });

    it("limits an address to 5 messages in 10 minutes with a 429, Retry-After and a JSON message; the limit outlives a restart", async () => {
      await clearLeads();
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        expect((await postJson("/api/contact", validMessage, ip)).status).toBe(201);
      }
      const refused = await postJson("/api/contact", validMessage, ip);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect((await refused.json()).message).toMatch(
        /^Too many messages have been sent from your network\. Please try again in \d+ minutes?\.$/,
      );
      expect(await messages()).toHaveLength(5);
      expect((await postJson("/api/contact", validMessage, nextIp())).status).toBe(201);

      // A second server on the same database (a restart) still refuses the address.
      const restarted = await startSecondServer(database.url);
      try {
        const again = await fetch(`${restarted.url}/api/contact`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: restarted.url,
            "x-forwarded-for": ip,
          },
          body: JSON.stringify(validMessage),
        });
        expect(again.status).toBe(429);
      } finally {
        await restarted.close();
      }
    });
    it("limits a whole IPv6 /64 as one sender: rotating addresses within it buys no more messages", async () => {
      await clearLeads();
      // One subscriber's /64, one address per message, as a sender rotating through it would.
      for (let i = 1; i <= 5; i++) {
        expect((await postJson("/api/contact", validMessage, `2001:db8:c0:1::${i}`)).status).toBe(
          201,
        );
      }
      const rotated = await postJson("/api/contact", validMessage, "2001:db8:c0:1:ffff:1:2:3");
      expect(rotated.status).toBe(429);
      expect(rotated.headers.get("retry-after")).toMatch(/^\d+$/);
      // The neighbouring /64 is someone else.
      expect((await postJson("/api/contact", validMessage, "2001:db8:c0:2::1")).status).toBe(201);
      expect(await messages()).toHaveLength(6);
    });
  });

  describe("POST /api/newsletter", () => {
    it("subscribes an address once, however often and in whatever case it is sent, and always says thanks", async () => {
      await clearLeads();
      const ip = nextIp();
      for (const email of ["Reader@Example.com", "reader@example.com", " READER@example.com "]) {
        const response = await postJson("/api/newsletter", { email }, ip);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          message: "Thanks for subscribing to our newsletter!",
        });
      }
      const rows = await subscriptions();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: "reader@example.com", ip_hash: hashClientIp(ip) });
      expect(rows[0]?.unsubscribe_token).toMatch(/^[\w-]{32}$/);
      await postJson("/api/newsletter", { email: "second@example.com" }, ip);
      const tokens = (await subscriptions()).map((row) => row.unsubscribe_token);
      expect(new Set(tokens).size).toBe(2);
    });

    it("asks for an address when it is empty and refuses a malformed one, storing nothing", async () => {
      await clearLeads();
      const ip = nextIp();
      const empty = await postJson("/api/newsletter", { email: "" }, ip);
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({
        message: "Please enter your email address",
        errors: { email: "Please enter your email address" },
      });
      const malformed = await postJson("/api/newsletter", { email: "reader@" }, ip);
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).message).toBe("Please enter a valid email address");
      const mistyped = await postJson("/api/newsletter", { email: 12 }, ip);
      expect(mistyped.status).toBe(400);
      expect(await subscriptions()).toEqual([]);
    });

    it("limits an address to 10 sign-ups in 10 minutes", async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++) {
        const response = await postJson("/api/newsletter", { email: `r${i}@example.com` }, ip);
        expect(response.status).toBe(200);
      }
      const refused = await postJson("/api/newsletter", { email: "late@example.com" }, ip);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await refused.json()).message).toMatch(/^Too many sign-up attempts/);
    });

    it("limits a whole IPv6 /64 to 10 sign-ups, whichever of its addresses they come from", async () => {
      for (let i = 1; i <= 10; i++) {
        const response = await postJson(
          "/api/newsletter",
          { email: `six${i}@example.com` },
          `2001:db8:c0:9:${i}::1`,
        );
        expect(response.status).toBe(200);
      }
      const refused = await postJson(
        "/api/newsletter",
        { email: "six-late@example.com" },
        "2001:db8:c0:9:abcd::99",
      );
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/^Too many sign-up attempts/);
      const neighbour = await postJson(
        "/api/newsletter",
        { email: "six-next@example.com" },
        "2001:db8:c0:a::1",
      );
      expect(neighbour.status).toBe(200);
    });

    it("drops a bot's sign-up silently", async () => {
      await clearLeads();
      const response = await postJson(
        "/api/newsletter",
        { email: "bot@example.com", website: "x" },
        nextIp(),
      );
      expect(response.status).toBe(200);
      expect(await subscriptions()).toEqual([]);
    });
  });

  describe("forms posted without JavaScript", () => {
    it("/contact re-renders with the field messages and the visitor's text, marked for screen readers", async () => {
      await clearLeads();
      const response = await postForm(
        "/contact",
        { name: "A", email: "nope", phone: "", company: "Acme", message: "short", website: "" },
        nextIp(),
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Name must be at least 2 characters");
      expect(html).toContain("Please enter a valid email address");
      expect(html).toContain("Message must be at least 10 characters");
      expect(html.match(/aria-invalid="true"/g)).toHaveLength(3);
      expect(html).toMatch(/aria-describedby="[^"]+-name-error"/);
      expect(html).toContain('value="Acme"');
      expect(html).toContain(">short</textarea>");
      expect(await messages()).toEqual([]);
    });

    it("/contact stores a valid message and shows the success message", async () => {
      await clearLeads();
      const formToken = (await issueFormToken(site.services.db, Date.now() - 5000)) ?? "";
      const response = await postForm(
        "/contact",
        { ...validMessage, website: "", formToken },
        nextIp(),
      );
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Message sent");
      expect(html).toContain("Thank you for contacting us. We&#x27;ll be in touch soon!");
      expect(await messages()).toHaveLength(1);
    });

    it("/contact stores one message when the same shown form is posted twice", async () => {
      await clearLeads();
      const formToken = (await issueFormToken(site.services.db, Date.now() - 5000)) ?? "";
      const ip = nextIp();
      const fields = { ...validMessage, website: "", formToken };
      expect((await postForm("/contact", fields, ip)).status).toBe(200);
      const again = await postForm("/contact", fields, ip);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("Message sent");
      expect(await messages()).toHaveLength(1);
      // The same form with another text is another message.
      const edited = { ...fields, message: `${validMessage.message} And one more thing.` };
      expect((await postForm("/contact", edited, ip)).status).toBe(200);
      expect(await messages()).toHaveLength(2);
    });

    it("/contact refuses a cross-site or oversized post with a message, storing nothing", async () => {
      await clearLeads();
      const body = new URLSearchParams(validMessage).toString();
      const type = "application/x-www-form-urlencoded";
      // The server refuses a post whose Origin is another site's before any route reads it.
      const foreignOrigin = await send("/contact", body, {
        ip: nextIp(),
        type,
        origin: "https://attacker.example",
      });
      expect(foreignOrigin.status).toBe(403);
      expect(await foreignOrigin.json()).toEqual({ message: "Cross-site request refused" });
      const crossSite = await send("/contact", body, {
        ip: nextIp(),
        type,
        origin: null,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.text()).toContain("Please send this form from our website.");
      const oversized = await postForm(
        "/contact",
        { ...validMessage, message: "x".repeat(20_000) },
        nextIp(),
      );
      expect(oversized.status).toBe(413);
      expect(await oversized.text()).toContain("Your message is too long to send.");
      expect(await messages()).toEqual([]);
    });

    it("/newsletter subscribes and links back to the page the form was on", async () => {
      await clearLeads();
      const ip = nextIp();
      const response = await postForm(
        "/newsletter",
        { email: "nojs@example.com", returnTo: "/contact", website: "" },
        ip,
      );
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Thanks for subscribing to our newsletter!");
      expect(html).toMatch(/<a[^>]+href="\/contact"[^>]*>.*Back to the page you were reading/s);
      expect((await subscriptions()).map((row) => row.email)).toEqual(["nojs@example.com"]);

      const empty = await postForm(
        "/newsletter",
        { email: "", returnTo: "https://evil.example/" },
        ip,
      );
      expect(empty.status).toBe(400);
      const emptyHtml = await empty.text();
      expect(emptyHtml).toContain("Please enter your email address");
      expect(emptyHtml).not.toContain("evil.example");
      expect(emptyHtml).toContain("Back to the home page");
    });
  });

  describe("one submission path: the page's form post and the JSON endpoint", () => {
    const sentText = "Thank you for contacting us. We&#x27;ll be in touch soon!";

    it("contact: a plain form post and the JSON call store the same message, each answered in its own shape", async () => {
      await clearLeads();
      const ip = nextIp();
      const shownForm = async () =>
        (await issueFormToken(site.services.db, Date.now() - 5000)) ?? "";
      const formToken = await shownForm();
      const page = await postForm("/contact", { ...validMessage, website: "", formToken }, ip);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(sentText);
      // The same shown form sent again by script is the same message: one action recognizes it.
      const repeat = await postJson("/api/contact", { ...validMessage, formToken }, ip);
      expect(repeat.status).toBe(201);
      expect(await messages()).toHaveLength(1);

      const api = await postJson(
        "/api/contact",
        { ...validMessage, website: "", formToken: await shownForm() },
        ip,
      );
      expect(api.status).toBe(201);
      expect(await api.json()).toEqual({
        message: "Thank you for contacting us. We'll be in touch soon!",
      });
      const rows = await messages();
      expect(rows).toHaveLength(2);
      const kept = (row: (typeof rows)[number] | undefined) => ({
        name: row?.name,
        email: row?.email,
        phone: row?.phone,
        company: row?.company,
        message: row?.message,
        ip_hash: row?.ip_hash,
        user_agent: row?.user_agent,
        spam_verdict: row?.spam_verdict,
      });
      expect(kept(rows[0])).toEqual(kept(rows[1]));
      expect(kept(rows[0])).toMatchObject({ name: validMessage.name, ip_hash: hashClientIp(ip) });
    });

    it("contact: both paths give the same field messages, and share one rate limit", async () => {
      await clearLeads();
      const invalid = { name: "A", email: "ann@", phone: "", company: "", message: "Too short" };
      const page = await postForm("/contact", invalid, nextIp());
      const api = await postJson("/api/contact", invalid, nextIp());
      expect([page.status, api.status]).toEqual([400, 400]);
      const { errors } = (await api.json()) as { errors: Record<string, string> };
      const html = await page.text();
      for (const message of Object.values(errors)) expect(html).toContain(message);
      expect(await messages()).toEqual([]);

      // Five messages an address may send, whichever way: the sixth is refused on both paths.
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        const response =
          i % 2 === 0
            ? await postForm("/contact", validMessage, ip)
            : await postJson("/api/contact", validMessage, ip);
        expect(response.status).toBeLessThan(300);
      }
      const refusedPage = await postForm("/contact", validMessage, ip);
      expect(refusedPage.status).toBe(429);
      expect(await refusedPage.text()).toContain(
        "Too many messages have been sent from your network.",
      );
      const refusedApi = await postJson("/api/contact", validMessage, ip);
      expect(refusedApi.status).toBe(429);
      expect((await refusedApi.json()).message).toMatch(/^Too many messages have been sent/);
      expect(await messages()).toHaveLength(5);
    });

    it("newsletter: a plain form post and the JSON call make one subscription, each thanked in its own shape", async () => {
      await clearLeads();
      const ip = nextIp();
      const page = await postForm(
        "/newsletter",
        { email: "Both@Example.com", returnTo: "/blog", website: "" },
        ip,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Thanks for subscribing to our newsletter!");
      const api = await postJson("/api/newsletter", { email: "both@example.com" }, ip);
      expect(api.status).toBe(200);
      expect(await api.json()).toEqual({ message: "Thanks for subscribing to our newsletter!" });
      const rows = await subscriptions();
      expect(rows.map((row) => [row.email, row.ip_hash])).toEqual([
        ["both@example.com", hashClientIp(ip)],
      ]);

      // A script's JSON posted to the page (a fetcher's) gets the page, rendered with the result.
      const scripted = await postJson("/newsletter", { email: "both@example.com" }, ip);
      expect(scripted.status).toBe(200);
      expect(await scripted.text()).toContain("Thanks for subscribing to our newsletter!");
      expect(await subscriptions()).toHaveLength(1);

      const badPage = await postForm("/newsletter", { email: "reader@" }, ip);
      const badApi = await postJson("/api/newsletter", { email: "reader@" }, ip);
      expect([badPage.status, badApi.status]).toEqual([400, 400]);
      expect(await badPage.text()).toContain("Please enter a valid email address");
      expect((await badApi.json()).message).toBe("Please enter a valid email address");
    });

    it("refuses a form post to the JSON endpoints (415), so a cross-site form cannot use them", async () => {
      for (const path of ["/api/contact", "/api/newsletter"]) {
        const response = await postForm(path, validMessage, nextIp());
        expect(response.status).toBe(415);
        expect((await response.json()).message).toBe(
          "Send the request body as JSON (Content-Type: application/json)",
        );
      }
      expect(await messages()).toEqual([]);
    });
  });

  describe("/unsubscribe", () => {
    async function subscribe(email: string): Promise<string> {
      await postJson("/api/newsletter", { email }, nextIp());
      const row = await site.services.db
        .selectFrom("newsletter_subscriptions")
        .select("unsubscribe_token")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return row.unsubscribe_token;
    }

    it("asks for a click first (opening the link changes nothing), then removes the subscription and says so", async () => {
      await clearLeads();
      const token = await subscribe("leaving@example.com");
      const page = await fetch(`${site.url}/unsubscribe?token=${token}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Unsubscribe from our newsletter");
      expect(html).toContain("leaving@example.com");
      expect(html).toMatch(/<form[^>]+method="post"/);
      expect(await subscriptions()).toHaveLength(1);

      const confirmed = await postForm("/unsubscribe", { token }, nextIp());
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain("You have been unsubscribed");
      expect(await subscriptions()).toEqual([]);

      const again = await postForm("/unsubscribe", { token }, nextIp());
      expect(again.status).toBe(404);
      expect(await again.text()).toContain("This unsubscribe link is not valid");
    });

    it("answers an unknown, malformed or missing token with a clear message and a 404", async () => {
      for (const query of [
        "?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "?token=%27%20or%201%3D1",
        "",
      ]) {
        const response = await fetch(`${site.url}/unsubscribe${query}`);
        expect(response.status, query).toBe(404);
        expect(await response.text()).toContain("This unsubscribe link is not valid");
      }
    });
  });

  describe("/admin/leads", () => {
    async function adminCookie(): Promise<string> {
      const admin = await findAdminByEmail(site.services.db, testAdmin.email);
      if (!admin) throw new Error("no test admin");
      const id = await createSession(site.services.db, admin.id);
      return `${getSessionCookieName(false)}=${id}`;
    }

    it("sends visitors without an admin session to /admin/login", async () => {
      for (const path of ["/admin/leads", "/admin/leads/subscribers.csv"]) {
        const response = await fetch(`${site.url}${path}`, { redirect: "manual" });
        expect(response.status, path).toBe(302);
        expect(response.headers.get("location")).toBe("/admin/login");
      }
    });

    it("shows new messages newest first with their mail state, what the spam guard held under Spam, and says email alerts are off", async () => {
      await clearLeads();
      const ip = nextIp();
      await postJson("/api/contact", { ...validMessage, name: "First Sender" }, ip);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await postJson("/api/contact", { ...validMessage, name: "Second Sender" }, ip);
      await postJson("/api/newsletter", { email: "fan@example.com" }, ip);
      // Sent at once after the form was shown: held in the Spam folder, not in New.
      const justShown = await issueFormToken(site.services.db);
      await postJson(
        "/api/contact",
        { ...validMessage, name: "Hasty Sender", formToken: justShown },
        nextIp(),
      );
      const cookie = await adminCookie();

      const page = await fetch(`${site.url}/admin/leads`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html.indexOf("Second Sender")).toBeGreaterThan(-1);
      expect(html.indexOf("Second Sender")).toBeLessThan(html.indexOf("First Sender"));
      expect(html).toContain("Not emailed");
      expect(html).toContain(validMessage.message);
      expect(html).not.toContain("Hasty Sender");
      // The subscribers moved to the newsletter screen.
      expect(html).not.toContain("fan@example.com");
      expect(html).toContain("New: 2 messages.");
      expect(html).toContain("Email alerts are off");
      expect(html).toContain("README, section &quot;Email alerts&quot;");
      expect(html).not.toContain("SMTP_URL");
      expect(html).not.toContain("Send a test email");

      const spam = await (
        await fetch(`${site.url}/admin/leads?folder=spam`, { headers: { cookie } })
      ).text();
      expect(spam).toContain("Hasty Sender");
      expect(spam).not.toContain("First Sender");
      expect(spam).toContain("Sent sooner after the form was shown than a person could fill it in");
      const test = await fetch(`${site.url}/admin/leads`, {
        method: "POST",
        headers: { cookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=test-email",
      });
      expect(test.status).toBe(409);
      expect(await test.text()).toContain("Email is not set up on this server");
    });

    it("exports the newsletter subscribers as CSV", async () => {
      await clearLeads();
      await postJson("/api/newsletter", { email: "fan@example.com" }, nextIp());
      const cookie = await adminCookie();
      const csv = await fetch(`${site.url}/admin/leads/subscribers.csv`, { headers: { cookie } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toMatch(
        /^attachment; filename="newsletter-subscribers-/,
      );
      const [header, row, end] = (await csv.text()).split("\r\n");
      expect(header).toBe("email,state,subscribed_at,unsubscribe_url");
      expect(row).toMatch(
        /^fan@example\.com,unconfirmed,\d{4}-\d\d-\d\dT[^,]+,http:\/\/localhost:0\/unsubscribe\?token=[\w-]{32}$/,
      );
      expect(end).toBe("");
    });
  });
});

/** Another server process on the same database, as after a restart. */
async function startSecondServer(databaseUrl: string) {
  const { loadSiteBuild } = await import("../support/test-site");
  const build = await loadSiteBuild();
  const services = await build.bootServices({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    PORT: "0",
  });
  const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));
  const server: Server = createServer(
    build.createSiteApp(services, { mode: "production", clientDir }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.db.destroy();
    },
  };
}

describe.each(getTestDatabaseKinds())(
  "leads when the database cannot store them, on $name",
  (kind) => {
    let site: TestSite;

    beforeAll(async () => {
      site = await startTestSite(await kind.create());
      // The tables are gone: every write fails, as on a full disk or a lost database.
      await site.services.db.schema.dropTable("mail_tests").execute();
      await site.services.db.schema.dropTable("mail_outbox").execute();
      await site.services.db.schema.dropTable("contact_messages").execute();
      // Subscribers' topics refer to the subscriptions: PostgreSQL drops them first.
      await site.services.db.schema.dropTable("newsletter_subscription_topics").execute();
      await site.services.db.schema.dropTable("newsletter_subscriptions").execute();
    });

    afterAll(async () => {
      await site?.close();
    });

    const headers = (url: string) => ({
      "content-type": "application/json",
      origin: url,
      "x-forwarded-for": "192.0.2.50",
    });

    it("answers 503 with a message to try again, never a 500 or a false success", async () => {
      const contact = await fetch(`${site.url}/api/contact`, {
        method: "POST",
        headers: headers(site.url),
        body: JSON.stringify(validMessage),
      });
      expect(contact.status).toBe(503);
      expect(contact.headers.get("retry-after")).toBe("60");
      expect(await contact.json()).toEqual({
        message: "We could not send your message right now. Please try again in a few minutes.",
      });
      const newsletter = await fetch(`${site.url}/api/newsletter`, {
        method: "POST",
        headers: headers(site.url),
        body: JSON.stringify({ email: "reader@example.com" }),
      });
      expect(newsletter.status).toBe(503);
      expect((await newsletter.json()).message).toBe(
        "We could not subscribe you right now. Please try again in a few minutes.",
      );
      const form = await fetch(`${site.url}/contact`, {
        method: "POST",
        headers: { ...headers(site.url), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(validMessage).toString(),
      });
      expect(form.status).toBe(503);
      const html = await form.text();
      expect(html).toContain("We could not send your message right now.");
      expect(html).toContain(validMessage.message);
    });
  },
);
