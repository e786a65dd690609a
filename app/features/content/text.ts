// The display rules for content text: the copyright year, and the names and numbers in texts
// written with placeholders.

/** The footer's copyright text with the year 2023 replaced by the current year. */
export function formatCopyright(text: string, year: number): string {
  return text.replaceAll("2023", String(year));
}

/** A text written with "{service}" where the service's name goes ("Ready to Talk About {service}?"). */
export function fillServiceName(template: string, serviceName: string): string {
  return fillPlaceholders(template, { service: serviceName });
}

/** A text with each "{name}" replaced by its value ("Showing {shown} of {total} articles"). */
export function fillPlaceholders(
  template: string,
  values: Record<string, string | number>,
): string {
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{${name}}`, String(value)),
    template,
  );
}
