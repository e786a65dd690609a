import { describe, expect, it } from "vitest";
import { toPlainText } from "./email.server";

describe("a newsletter's plain-text part", () => {
  it("lays a table out as aligned rows with a rule under its header, the text around it as before", () => {
    const text = toPlainText(
      "<p>Our plans &amp; prices:</p><table><thead><tr><th>Plan</th><th>Per month</th></tr></thead>" +
        "<tbody><tr><td>Basic</td><td>49</td></tr><tr><td>Managed <strong>security</strong></td><td>1,199</td></tr></tbody></table>" +
        "<p>Ask   us.</p>",
    );
    expect(text).toBe(
      [
        "Our plans & prices:",
        "",
        "Plan              Per month",
        "----------------  ---------",
        "Basic             49",
        "Managed security  1,199",
        "",
        "Ask us.",
      ].join("\n"),
    );
  });
});
