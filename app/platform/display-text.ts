// Text as every page shows it, whatever it is about: cut with an ellipsis, and a phone number as
// a tel: link.

/** Cuts text longer than max characters to max characters plus "...". */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A tel: link with every non-digit removed, as the footer and contact page show it. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, "")}`;
}
