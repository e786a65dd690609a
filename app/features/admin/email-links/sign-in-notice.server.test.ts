import { describe, expect, it } from "vitest";
import { describeBrowser } from "./sign-in-notice.server";

describe("describeBrowser", () => {
  it("names common browsers and systems in plain words", () => {
    expect(
      describeBrowser(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      describeBrowser(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      describeBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toBe("Firefox on Linux");
  });

  it("answers nothing for an agent it cannot read", () => {
    expect(describeBrowser("curl/8.5.0")).toBeUndefined();
    expect(describeBrowser("")).toBeUndefined();
  });
});
