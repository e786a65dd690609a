// The site's settings as the admin edits them (today: the site time zone), with the one zod
// schema the Settings screen and its action share.
import { z } from "~/platform/zod";

/** True for a zone name this runtime's Intl knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the runtime knows, for the Settings screen's list. */
export function listTimeZones(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : [...zones, "UTC"].sort();
}

export const siteSettingsSchema = z.object({
  timeZone: z
    .string({ error: "Choose a time zone" })
    .trim()
    .min(1, "Choose a time zone")
    .max(100, "Choose a time zone from the list")
    .refine(isTimeZone, "Unknown time zone: choose one from the list, such as Europe/Berlin"),
});

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;
