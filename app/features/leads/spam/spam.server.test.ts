// The spam rules: the honeypot, the signed minimum fill time and the network's latest page fetch.
import { describe, expect, it } from "vitest";
import { signFormToken } from "~/platform/form-cookie.server";
import { contactMinimumFillMs, judgeSpamGuard } from "./spam.server";

const secret = "test-secret-0123456789";
const shownAt = 1_800_000_000_000;

describe("judgeSpamGuard", () => {
  it("lets a person through: empty honeypot, form shown long enough ago", () => {
    const formToken = signFormToken(secret, shownAt);
    expect(judgeSpamGuard({ website: "", formToken }, secret, 3000, shownAt + 3000)).toBe("person");
    expect(judgeSpamGuard({ formToken }, secret, 3000, shownAt + 3_600_000)).toBe("person");
  });

  it("drops a filled honeypot, whatever else is sent", () => {
    const formToken = signFormToken(secret, shownAt);
    expect(
      judgeSpamGuard(
        { website: "https://spam.example", formToken },
        secret,
        3000,
        shownAt + 60_000,
      ),
    ).toBe("honeypot");
    expect(judgeSpamGuard({ website: "x" }, secret, 3000, shownAt)).toBe("honeypot");
  });

  it("finds a form sent sooner than the minimum fill time too fast", () => {
    const formToken = signFormToken(secret, shownAt);
    expect(judgeSpamGuard({ formToken }, secret, contactMinimumFillMs, shownAt + 2999)).toBe(
      "too-fast",
    );
    expect(judgeSpamGuard({ formToken }, secret, contactMinimumFillMs, shownAt)).toBe("too-fast");
  });

  it("drops a token that was not signed with the site's secret, or was altered", () => {
    const formToken = signFormToken(secret, shownAt);
    const backdated = formToken.replace(String(shownAt), String(shownAt - 60_000));
    expect(judgeSpamGuard({ formToken: backdated }, secret, 3000, shownAt + 1000)).toBe(
      "forged-token",
    );
    expect(
      judgeSpamGuard({ formToken: signFormToken("other", shownAt) }, secret, 3000, shownAt + 9000),
    ).toBe("forged-token");
    expect(judgeSpamGuard({ formToken: "0.abc" }, secret, 3000, shownAt)).toBe("forged-token");
  });

  it("accepts a submission without a token: the spec's plain JSON payload carries none", () => {
    expect(judgeSpamGuard({}, secret, 3000, shownAt)).toBe("person");
    expect(judgeSpamGuard({ website: null, formToken: "" }, secret, 3000, shownAt)).toBe("person");
  });
});

describe("judgeSpamGuard with the first-fetch cookie", () => {
  it("finds a post right after the browser's first fetch too fast, even with an old token from a cached page", () => {
    const oldToken = signFormToken(secret, shownAt - 600_000);
    const cookie = signFormToken(secret, shownAt);
    expect(
      judgeSpamGuard({ formToken: oldToken, shownCookie: cookie }, secret, 3000, shownAt + 500),
    ).toBe("too-fast");
    expect(judgeSpamGuard({ shownCookie: cookie }, secret, 3000, shownAt + 500)).toBe("too-fast");
  });

  it("keeps a person's post once both times are long enough ago, and ignores a cookie that does not verify", () => {
    const token = signFormToken(secret, shownAt);
    const cookie = signFormToken(secret, shownAt - 60_000);
    expect(
      judgeSpamGuard({ formToken: token, shownCookie: cookie }, secret, 3000, shownAt + 3000),
    ).toBe("person");
    expect(
      judgeSpamGuard(
        { formToken: token, shownCookie: signFormToken("an-older-secret", shownAt + 2000) },
        secret,
        3000,
        shownAt + 3000,
      ),
    ).toBe("person");
  });
});

describe("judgeSpamGuard for a client that keeps no cookies", () => {
  const oldToken = signFormToken(secret, shownAt - 600_000);

  it("holds a post sent sooner than the minimum after a page fetch from the same network", () => {
    const fields = { formToken: oldToken, networkFetchedAt: shownAt };
    expect(judgeSpamGuard(fields, secret, 3000, shownAt + 200)).toBe("fast-after-fetch");
    expect(judgeSpamGuard(fields, secret, 3000, shownAt + 2999)).toBe("fast-after-fetch");
    expect(judgeSpamGuard({ networkFetchedAt: shownAt }, secret, 3000, shownAt)).toBe(
      "fast-after-fetch",
    );
    // A cookie that does not verify is no cookie.
    expect(
      judgeSpamGuard(
        { ...fields, shownCookie: signFormToken("forged", shownAt - 60_000) },
        secret,
        3000,
        shownAt + 200,
      ),
    ).toBe("fast-after-fetch");
  });

  it("lets the post through once the minimum has passed since the network's latest fetch", () => {
    const fields = { formToken: oldToken, networkFetchedAt: shownAt };
    expect(judgeSpamGuard(fields, secret, 3000, shownAt + 3000)).toBe("person");
    expect(judgeSpamGuard(fields, secret, 2000, shownAt + 2000)).toBe("person");
  });

  it("judges a browser with a valid cookie by its cookie, whatever its network fetched", () => {
    const cookie = signFormToken(secret, shownAt - 60_000);
    expect(
      judgeSpamGuard(
        { formToken: oldToken, shownCookie: cookie, networkFetchedAt: shownAt },
        secret,
        3000,
        shownAt + 100,
      ),
    ).toBe("person");
  });

  it("keeps the sure verdicts first: a honeypot or a forged token is not merely held", () => {
    expect(
      judgeSpamGuard({ website: "x", networkFetchedAt: shownAt }, secret, 3000, shownAt + 100),
    ).toBe("honeypot");
    expect(
      judgeSpamGuard({ formToken: "1.abc", networkFetchedAt: shownAt }, secret, 3000, shownAt),
    ).toBe("forged-token");
  });
});
