// A User-Agent header in plain words for the devices list ("Chrome on Windows", "Safari on
// iPhone") and for Insights' devices and browsers. Only the browsers and systems people use are named; anything else is said plainly
// rather than guessed. Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".

const browsers: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\//],
  ["Opera", /\b(?:OPR|Opera)\//],
  ["Samsung Internet", /\bSamsungBrowser\//],
  ["Firefox", /\b(?:Firefox|FxiOS)\//],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//],
  ["Safari", /\bVersion\/[\d.]+.*\bSafari\//],
];

const systems: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["iPhone", /\biPhone\b/],
  ["iPad", /\biPad\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

/** Tools that sign in without a browser (the API client, scripts). */
const tools: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["curl", /^curl\//i],
  ["A script (Node.js)", /^node\b|\bundici\b/i],
  ["A script (Python)", /^python-requests\b|^Python-urllib\b/i],
];

function findName(patterns: readonly (readonly [string, RegExp])[], text: string) {
  return patterns.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The device and browser a User-Agent names, in words: "Firefox on Linux". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? "";
  if (!text) return "Unknown device";
  const tool = findName(tools, text);
  if (tool) return tool;
  const browser = findName(browsers, text);
  const system = findName(systems, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "Unknown browser";
}

/** The browser a User-Agent names ("Firefox"), else "Other". */
export function readBrowserName(userAgent: string): string {
  return findName(browsers, userAgent) ?? "Other";
}

/** The kind of device: phones and tablets by their system or the "Mobi" token, else desktop. */
export function readDeviceKind(userAgent: string): "Mobile" | "Tablet" | "Desktop" {
  if (/\biPad\b|\bTablet\b|Android(?!.*\bMobile\b)/.test(userAgent)) return "Tablet";
  if (/\bMobi|\biPhone\b|\bAndroid\b/.test(userAgent)) return "Mobile";
  return "Desktop";
}

/** The longest User-Agent read: every browser and crawler names itself well within it. */
export const userAgentReadLength = 512;

/**
 * The User-Agent header as read for classifying (isbot, device, browser) and counting: its start
 * only, so no work or memory grows with what a client puts in it.
 */
export function readUserAgentStart(userAgent: string | null | undefined): string {
  return userAgent ? userAgent.slice(0, userAgentReadLength) : "";
}
