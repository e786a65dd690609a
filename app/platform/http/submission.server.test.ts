// One submission, two answers: the JSON endpoint answers the API's JSON, the page's action a
// FormResult (or its redirect), with the same checks, statuses and refusals on both.
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppContext, appContext } from "~/platform/context.server";
import { DatabaseUnavailableError } from "~/platform/db/unavailable.server";
import { z } from "~/platform/zod";
import { ApiError } from "./api.server";
import type { FormResult } from "./form-result";
import {
  handleSubmission,
  pickFormValues,
  type Submission,
  type SubmissionOptions,
} from "./submission.server";

const site = "http://localhost:3000";

class FullError extends Error {}

const schema = z.object({
  email: z.email("Please enter a valid email address"),
  password: z.string().min(1, "Password is required"),
});
type Input = z.infer<typeof schema>;

/** A small sign-up with every kind of refusal the real forms have. */
const signUp: Submission<Input, { message: string }> = {
  schema,
  maxBytes: 200,
  echo: (fields) => pickFormValues(fields, ["email"]),
  formMessages: { 403: "Please send this form from our website." },
  describeError: (error) =>
    error instanceof FullError ? { status: 503, message: "Full, come back later" } : undefined,
  async accept(input) {
    if (input.email === "taken@example.com") throw new ApiError(409, "That address is taken");
    if (input.email === "full@example.com") throw new FullError("full");
    if (input.email === "down@example.com") throw new DatabaseUnavailableError("down");
    if (input.email === "bug@example.com") throw new TypeError("a bug");
    if (input.email === "go@example.com") {
      return { body: { message: "Welcome" }, redirectTo: "/next", headers: { "X-Done": "1" } };
    }
    return { status: 201, body: { message: "Welcome" }, headers: { "X-Done": "1" } };
  },
};

function submit(
  body: string,
  type: string,
  options: SubmissionOptions & { origin?: string | null; method?: string } = {},
) {
  const headers: Record<string, string> = { "content-type": type };
  if (options.origin !== null) headers.origin = options.origin ?? site;
  const request = new Request(`${site}/sign-up`, {
    method: options.method ?? "POST",
    headers,
    body: options.method === "GET" ? undefined : body,
  });
  const context = new RouterContextProvider();
  context.set(appContext, {
    config: { SITE_URL: site },
    logger: pino({ level: "silent" }),
    clientIp: "192.0.2.1",
  } as AppContext);
  return handleSubmission({ request, context }, signUp, options);
}

/** The JSON endpoint's call. */
const json = (value: unknown, options?: { origin?: string | null }) =>
  submit(JSON.stringify(value), "application/json", { ...options, jsonOnly: true });
const form = (fields: Record<string, string>, options?: { origin?: string | null }) =>
  submit(new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded", options);

/** A JSON answer's status, body and chosen headers. */
async function readJson(answer: unknown) {
  if (!(answer instanceof Response)) throw new Error("Expected a JSON response");
  return {
    status: answer.status,
    body: await answer.json(),
    cacheControl: answer.headers.get("cache-control"),
  };
}

/** A form answer's status and result (React Router's data()). */
function readForm(answer: unknown) {
  if (answer instanceof Response) throw new Error("Expected a form result");
  const { data, init } = answer as { data: FormResult<unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), result: data };
}

describe("handleSubmission", () => {
  it("answers the JSON endpoint with JSON and the page's form post with a result, from the one accept", async () => {
    const api = await readJson(await json({ email: "ann@example.com", password: "x" }));
    expect(api).toEqual({ status: 201, body: { message: "Welcome" }, cacheControl: "no-store" });
    const page = readForm(await form({ email: "ann@example.com", password: "secret" }));
    expect(page.status).toBe(200);
    expect(page.headers.get("x-done")).toBe("1");
    // The password is never echoed back into the page.
    expect(page.result).toEqual({
      status: "done",
      body: { message: "Welcome" },
      values: { email: "ann@example.com" },
    });
  });

  it("sends a form post on where the feature says; a JSON caller gets the body", async () => {
    const redirected = await form({ email: "go@example.com", password: "x" });
    expect(redirected).toBeInstanceOf(Response);
    expect((redirected as Response).status).toBe(302);
    expect((redirected as Response).headers.get("location")).toBe("/next");
    expect((redirected as Response).headers.get("x-done")).toBe("1");
    expect((await readJson(await json({ email: "go@example.com", password: "x" }))).body).toEqual({
      message: "Welcome",
    });
  });

  it("refuses invalid input with 400 and each field's message on both paths", async () => {
    const errors = {
      email: "Please enter a valid email address",
      password: "Password is required",
    };
    expect((await readJson(await json({ email: "nope", password: "" }))).body).toEqual({
      message: "Please enter a valid email address",
      errors,
    });
    expect(readForm(await form({ email: "nope", password: "" }))).toMatchObject({
      status: 400,
      result: { status: "failed", errors, values: { email: "nope" } },
    });
    expect((await readJson(await json(null))).body).toMatchObject({
      errors: { body: expect.any(String) },
    });
  });

  it("maps every refusal through the one error mapper, with the form's own words where given", async () => {
    const cases: [string, number, string][] = [
      ["taken@example.com", 409, "That address is taken"],
      ["full@example.com", 503, "Full, come back later"],
      [
        "down@example.com",
        503,
        "The site's database is not available right now. Please try again in a moment.",
      ],
    ];
    for (const [email, status, message] of cases) {
      expect(await readJson(await json({ email, password: "x" }))).toEqual({
        status,
        body: { message },
        cacheControl: "no-store",
      });
      expect(readForm(await form({ email, password: "x" }))).toMatchObject({
        status,
        result: { status: "failed", message, errors: {}, values: { email } },
      });
    }
    const crossSite = { origin: "https://evil.example" };
    expect((await readJson(await json({}, crossSite))).body).toEqual({
      message: "Cross-site request refused",
    });
    expect(readForm(await form({}, crossSite))).toMatchObject({
      status: 403,
      result: { message: "Please send this form from our website." },
    });
    await expect(json({ email: "bug@example.com", password: "x" })).rejects.toThrow("a bug");
  });

  it("answers a page's JSON body (a fetcher's) with a result too: a page renders results", async () => {
    const fetcher = await submit(
      JSON.stringify({ email: "nope", password: "secret" }),
      "application/json",
    );
    expect(readForm(fetcher)).toMatchObject({
      status: 400,
      result: { status: "failed", values: { email: "nope" } },
    });
  });

  it("caps the body and, for a JSON endpoint, takes JSON only and POST only", async () => {
    const large = { email: "ann@example.com", password: "x".repeat(300) };
    expect((await readJson(await json(large))).status).toBe(413);
    expect(readForm(await form(large)).status).toBe(413);
    const asForm = await form({ email: "ann@example.com", password: "x" });
    expect(readForm(asForm).status).toBe(200);
    const jsonOnly = await submit(
      "email=ann%40example.com&password=x",
      "application/x-www-form-urlencoded",
      {
        jsonOnly: true,
      },
    );
    expect(await readJson(jsonOnly)).toMatchObject({ status: 415 });
    const put = await submit("{}", "application/json", { method: "PUT", jsonOnly: true });
    expect((put as Response).status).toBe(405);
    expect((put as Response).headers.get("allow")).toBe("POST");
  });
});
