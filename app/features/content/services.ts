// Finding a service by its /services/{slug} key and picking the Related Services shown on a
// service's page (up to 3 other services).

import { truncate } from "~/platform/display-text";
import { toPlainText } from "~/platform/plain-text";
import { toSlug } from "~/platform/slug";
import type { Service } from "./schema";

/** How many other services a service's page shows as Related Services. */
export const relatedServiceCount = 3;

/** How long a related service's description may be before it is cut (plus "..."). */
export const relatedDescriptionLength = 100;

export function findServiceBySlug<T extends Pick<Service, "title">>(
  services: readonly T[],
  slug: string,
): T | undefined {
  return services.find((service) => toSlug(service.title) === slug);
}

/**
 * The services listed after this one, wrapping round to the start, so every service's page
 * suggests its neighbours and each service is suggested from several pages.
 */
export function pickRelatedServices<T extends Pick<Service, "title">>(
  services: readonly T[],
  current: T,
  count = relatedServiceCount,
): T[] {
  const start = services.indexOf(current);
  const currentSlug = toSlug(current.title);
  const related: T[] = [];
  for (let step = 1; step < services.length && related.length < count; step += 1) {
    const candidate = services[(start + step + services.length) % services.length];
    if (candidate && toSlug(candidate.title) !== currentSlug) related.push(candidate);
  }
  return related;
}

/** A related service as its card shows it: the description as plain text, cut at 100 characters. */
export function summarizeRelatedService(service: Pick<Service, "title" | "icon" | "description">) {
  return {
    title: service.title,
    icon: service.icon,
    summary: truncate(toPlainText(service.description), relatedDescriptionLength),
  };
}
