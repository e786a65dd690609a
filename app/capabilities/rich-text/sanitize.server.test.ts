import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

const newTabLink = (href: string, text: string) =>
  `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;

/** Well-known stored-XSS payloads; none of them may keep anything that runs. */
const payloads = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<details open ontoggle="alert(1)">x</details>',
  '<body onload="alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<!--<img src=x onerror=alert(1)>-->",
  '<template><img src=x onerror="alert(1)"></template>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
];

describe("sanitizeRichText", () => {
  it.each(payloads)("leaves nothing that runs in %s", (payload) => {
    const clean = sanitizeRichText(payload);
    expect(clean).not.toMatch(
      /<(script|img|svg|iframe|style|object|embed|form|base|meta|link|math|template|details|body|noscript)\b/i,
    );
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toContain("style=");
  });

  it("turns a link with a refused address into its text", () => {
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">Click</a> me</p>')).toBe(
      "<p>Click me</p>",
    );
  });

  it("keeps what the editor produces", () => {
    const html =
      "<h2>Title</h2><h3>Sub</h3><p><strong>b</strong> <em>i</em> <s>s</s><br>line</p><ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol>";
    expect(sanitizeRichText(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("keeps the spec's link schemes and relative links", () => {
    for (const href of [
      "https://example.com/a?b=1",
      "http://example.com",
      "ftp://files.example.com",
      "ftps://files.example.com",
      "mailto:hello@example.com",
      "tel:+15125550147",
      "callto:+15125550147",
      "sms:+15125550147",
      "cid:part1@example.com",
      "xmpp:someone@example.com",
      "/contact",
      "services/it",
      "#top",
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}">x</a>`);
    }
    expect(sanitizeRichText('<a href="file:///etc/passwd">x</a>')).toBe("x");
  });

  it("opens links within the site in the same tab and lets search engines follow them", () => {
    expect(
      sanitizeRichText('<a href="/blog/other" target="_blank" rel="nofollow noopener">x</a>'),
    ).toBe('<a href="/blog/other">x</a>');
    expect(sanitizeRichText('<a href="services/it" target="_top" rel="opener">x</a>')).toBe(
      '<a href="services/it">x</a>',
    );
  });

  it("keeps an external link's new tab and nofollow as chosen, and nothing else", () => {
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      newTabLink("https://example.com", "x"),
    );
    expect(sanitizeRichText('<a href="https://example.com" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.com" rel="nofollow">x</a>',
    );
    expect(
      sanitizeRichText(
        '<a href="https://example.com" target="_blank" rel="nofollow opener sponsored" title="t">x</a>',
      ),
    ).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    // A spoofed target is dropped, and with it the need for noopener.
    expect(sanitizeRichText('<a href="//cdn.example/a" target="_self" rel="opener">x</a>')).toBe(
      '<a href="//cdn.example/a">x</a>',
    );
    expect(
      sanitizeRichText('<a href="https://example.com" target="evil-window" rel="opener">x</a>'),
    ).toBe('<a href="https://example.com">x</a>');
  });

  it("refuses a javascript: or data: link however it arrives (dialog, paste, spoofed rel)", () => {
    for (const payload of [
      '<a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="  JAVASCRIPT:alert(1)" rel="nofollow">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
    ]) {
      expect(sanitizeRichText(payload), payload).toBe("x");
    }
  });

  it("keeps the editor's figures: the site's own image, its alt text, size and caption", () => {
    const figure =
      '<figure data-size="inline"><img src="/images/uploads/0123456789abcdef0123456789abcdef.png" alt="A diagram of the network" width="800" height="600" /><figcaption>The network, after</figcaption></figure>';
    expect(sanitizeRichText(figure)).toBe(figure);
    expect(
      sanitizeRichText(
        '<figure data-size="full"><img src="/images/articles/cloud.svg" alt="Cloud" /></figure>',
      ),
    ).toBe(
      '<figure data-size="full"><img src="/images/articles/cloud.svg" alt="Cloud" /></figure>',
    );
  });

  it("drops images from anywhere but the site's own image paths", () => {
    for (const src of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:image/png;base64,iVBORw0KGgo=",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "https://evil.example/x.png",
      "http://evil.example/images/x.png",
      "//evil.example/x.png",
      "///evil.example/x.png",
      "\\\\evil.example/x.png",
      "/images//evil.example/x.png",
      "/images/../admin",
      "/images/uploads/../../etc/passwd",
      "/uploads/x.png",
      "images/x.png",
      "/images/x.png?onerror=alert(1)",
      "",
    ]) {
      const clean = sanitizeRichText(
        `<p>a</p><figure data-size="full"><img src="${src}" alt="x"></figure>`,
      );
      expect(clean, src).not.toContain("<img");
      expect(clean, src).not.toMatch(/evil|javascript|data:/i);
    }
    expect(sanitizeRichText("<img src=javascript:alert(1)>")).toBe("");
  });

  it("makes event handlers, styles and unknown attributes on figures and images inert", () => {
    const clean = sanitizeRichText(
      '<figure data-size="inline" onclick="alert(1)" style="position:fixed" class="x"><img src="/images/a.png" alt="a" onerror="alert(1)" onload="alert(2)" srcset="https://evil.example/x.png 2x" loading="eager" width="100%" height="-1"><figcaption onmouseover="alert(3)">c</figcaption></figure>',
    );
    expect(clean).toBe(
      '<figure data-size="inline"><img src="/images/a.png" alt="a" /><figcaption>c</figcaption></figure>',
    );
  });

  it("allows only the two sizes of a figure", () => {
    expect(
      sanitizeRichText(
        '<figure data-size="javascript:x"><img src="/images/a.png" alt="a"></figure>',
      ),
    ).toBe('<figure data-size="full"><img src="/images/a.png" alt="a" /></figure>');
  });

  it("keeps quotes, code blocks and simple tables without their styles", () => {
    expect(
      sanitizeRichText(
        '<blockquote><p>Said</p></blockquote><pre><code class="language-js">if (a &lt; b) {}</code></pre>',
      ),
    ).toBe("<blockquote><p>Said</p></blockquote><pre><code>if (a &lt; b) {}</code></pre>");
    expect(
      sanitizeRichText(
        '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"></colgroup><tbody><tr><th colspan="2" onclick="alert(1)"><p>Head</p></th></tr><tr><td rowspan="javascript:x"><p>Cell</p></td><td><p>Two</p></td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><tbody><tr><th colspan="2"><p>Head</p></th></tr><tr><td><p>Cell</p></td><td><p>Two</p></td></tr></tbody></table>',
    );
  });

  it("maps pasted equivalents to the allowed tags and drops the rest but their text", () => {
    expect(sanitizeRichText("<b>b</b><i>i</i><h1>h</h1><del>d</del>")).toBe(
      "<strong>b</strong><em>i</em><h2>h</h2><s>d</s>",
    );
    expect(sanitizeRichText('<div class="x"><span>kept</span></div>')).toBe("kept");
  });

  it("keeps text exactly, escaped", () => {
    expect(sanitizeRichText("<p>R&amp;D &lt;b&gt; “quoted”</p>")).toBe(
      "<p>R&amp;D &lt;b&gt; “quoted”</p>",
    );
  });
});
