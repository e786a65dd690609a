import { describe, expect, it } from "vitest";
import { z } from "~/platform/zod";
import { ApiError, assertSameOrigin, handleApi, readJsonBody } from "./api.server";

const site = "http://localhost:3000";
const schema = z.object({ email: z.email("Please enter a valid email address") });

function post(body: string, headers: Record<string, string> = {}) {
  return new Request(`${site}/api/x`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

async function statusOf(action: () => Promise<unknown> | unknown) {
  try {
    await action();
    return 200;
  } catch (error) {
    return error instanceof ApiError ? error.status : 500;
  }
}

describe("assertSameOrigin", () => {
  it("accepts the site's origin and same-origin fetches", async () => {
    expect(await statusOf(() => assertSameOrigin(post("{}", { origin: site }), site))).toBe(200);
    expect(
      await statusOf(() => assertSameOrigin(post("{}", { "sec-fetch-site": "same-origin" }), site)),
    ).toBe(200);
  });
  it("refuses other origins, cross-site fetches and requests that say nothing", async () => {
    expect(
      await statusOf(() => assertSameOrigin(post("{}", { origin: "https://evil.example" }), site)),
    ).toBe(403);
    expect(
      await statusOf(() => assertSameOrigin(post("{}", { "sec-fetch-site": "cross-site" }), site)),
    ).toBe(403);
    expect(await statusOf(() => assertSameOrigin(post("{}"), site))).toBe(403);
  });
});

describe("readJsonBody", () => {
  it("parses and validates", async () => {
    expect(await readJsonBody(post('{"email":"a@b.co"}'), schema)).toEqual({ email: "a@b.co" });
  });
  it("answers bad input with the right status and field errors", async () => {
    expect(await statusOf(() => readJsonBody(post("{nope"), schema))).toBe(400);
    expect(
      await statusOf(() => readJsonBody(post('"x"', { "content-type": "text/plain" }), schema)),
    ).toBe(415);
    expect(await statusOf(() => readJsonBody(post(`"${"x".repeat(100)}"`), schema, 50))).toBe(413);
    const response = await handleApi(() =>
      readJsonBody(post('{"email":"nope"}'), schema).then(() => new Response()),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Please enter a valid email address",
      errors: { email: "Please enter a valid email address" },
    });
  });
});
