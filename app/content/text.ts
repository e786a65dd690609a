// The spec's display rules for content text: truncation with an ellipsis, digits-only tel links,
// and the copyright year.

/** Cuts text longer than max characters to max characters plus "...". */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A tel: link with every non-digit removed, as the spec's footer and contact page show it. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, "")}`;
}

/** The footer's copyright text with the year 2023 replaced by the current year. */
export function formatCopyright(text: string, year: number): string {
  return text.replaceAll("2023", String(year));
}

/** Plain text of a rich-text fragment, for previews and meta descriptions. */
export function toPlainText(html: string): string {
  return (
    html
      .replace(/<\/?(?:p|h[1-6]|li|ul|ol|br|div)\b[^>]*>/gi, " ")
      // Inline marks (strong, em, a, s) sit inside words and before punctuation: no space.
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&#x27;/g, "'")
      // Last, so "&amp;lt;" stays the text "&lt;".
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The label of the professional-profile link: named after the network when it is LinkedIn. */
export function getProfileLabel(url: string): string {
  try {
    return new URL(url).hostname.endsWith("linkedin.com") ? "LinkedIn" : "Professional profile";
  } catch {
    return "Professional profile";
  }
}

const trailingFiller = /\s+(a|an|and|as|at|by|for|from|in|into|of|on|or|our|so|the|to|with|your)$/i;

/** Search results show 70 to 160 characters of a page's description well. */
export const descriptionLength = { min: 70, max: 160 } as const;

/** A description written in the admin wins as it is; an empty one means "compute it". */
export function chooseDescription(written: string | undefined, computed: string, extra = "") {
  return written?.trim() || fitDescription(computed, extra);
}

/**
 * A meta description of 70 to 160 characters: a short text gets the extra sentence after it, a
 * long one keeps its whole sentences that fit, else is cut after its last whole word with "…".
 */
export function fitDescription(text: string, extra = ""): string {
  const { min, max } = descriptionLength;
  let fitted = text.replace(/\s+/g, " ").trim();
  if (fitted.length < min && extra) fitted = `${fitted} ${extra}`.trim();
  if (fitted.length <= max) return fitted;
  const sentences = fitted.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [];
  let whole = "";
  for (const sentence of sentences) {
    if ((whole + sentence).trim().length > max) break;
    whole += sentence;
  }
  if (whole.trim().length >= min) return whole.trim();
  const cut = fitted.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  let kept = cut.slice(0, lastSpace > 0 ? lastSpace : max - 1);
  // "…so your team can focus on the…" reads badly: end on a word that carries meaning.
  for (let words = 0; words < 3 && trailingFiller.test(kept); words += 1) {
    kept = kept.replace(trailingFiller, "");
  }
  return `${kept.replace(/[\s,;:.!?—–-]+$/, "")}…`;
}
