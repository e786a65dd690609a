// The content manager's rules (/content): the sections it edits, which the content editor does
// not (call to action, footer, booking, blog, case studies, legal pages), its tabs, and where a
// validation error belongs.
import type { z } from "zod";
import { contentSchema, type SiteContent } from "~/content/schema";
import { type FieldErrors, toFieldErrors } from "~/lib/field-errors";

export const managerSectionsSchema = contentSchema.pick({
  cta: true,
  footer: true,
  booking: true,
  blog: true,
  caseStudies: true,
  legal: true,
});
export type ManagerSections = z.infer<typeof managerSectionsSchema>;

export const managerTabs = [
  { value: "cta", label: "Call to Action" },
  { value: "footer", label: "Footer" },
  { value: "booking", label: "Booking" },
  { value: "blog", label: "Blog" },
  { value: "caseStudies", label: "Case Studies" },
  { value: "legal", label: "Legal" },
] as const satisfies ReadonlyArray<{ value: keyof ManagerSections; label: string }>;
export type ManagerTab = (typeof managerTabs)[number]["value"];

export function toManagerSections(content: SiteContent | ManagerSections): ManagerSections {
  const { cta, footer, booking, blog, caseStudies, legal } = content;
  return { cta, footer, booking, blog, caseStudies, legal };
}

/** The tab that shows a field ("caseStudies.items.0.title" → "caseStudies"). */
export function getManagerTabOfField(path: string): ManagerTab {
  const section = path.split(".")[0];
  return managerTabs.find((tab) => tab.value === section)?.value ?? "cta";
}

/** A readable place for an error message, such as "Case Studies, Case Study 2". */
export function describeManagerFieldPlace(path: string): string {
  const tab = managerTabs.find((entry) => entry.value === getManagerTabOfField(path))?.label ?? "";
  const item = /^caseStudies\.items\.(\d+)\./.exec(path);
  return item ? `${tab}, Case Study ${Number(item[1]) + 1}` : tab;
}

export function validateManagerSections(
  sections: ManagerSections,
): { ok: true; data: ManagerSections } | { ok: false; errors: FieldErrors } {
  const result = managerSectionsSchema.safeParse(sections);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: toFieldErrors(result.error.issues) };
}
