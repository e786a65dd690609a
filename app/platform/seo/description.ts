// Meta descriptions: what search results show of a page, 70 to 160
// characters, written by the admin or computed from the page's own text.

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
