// The owner's choices about counting visits (Settings): on or off, whether a browser's Global
// Privacy Control signal stops its counting, and how many months of figures are kept.
import { z } from "~/platform/zod";

export const defaultRetentionMonths = 25;

export type VisitSettings = { counting: boolean; honourGpc: boolean; retentionMonths: number };

export const defaultVisitSettings: VisitSettings = {
  counting: true,
  honourGpc: true,
  retentionMonths: defaultRetentionMonths,
};

const retentionMessage = "Keep figures for 1 to 120 months";

/** The Settings screen's insights form: checkboxes send "on" or nothing. */
export const visitSettingsSchema = z.object({
  counting: z.literal("on").optional(),
  honourGpc: z.literal("on").optional(),
  retentionMonths: z.coerce
    .number({ error: retentionMessage })
    .int(retentionMessage)
    .min(1, retentionMessage)
    .max(120, retentionMessage),
});

export type VisitSettingsInput = z.infer<typeof visitSettingsSchema>;

export function toVisitSettings(input: VisitSettingsInput): VisitSettings {
  return {
    counting: input.counting === "on",
    honourGpc: input.honourGpc === "on",
    retentionMonths: input.retentionMonths,
  };
}
