// The Insights screen's one query (the period) and its export's (period and table), the names of
// its periods and tables, and the kinds of conversion it reports.
import { z } from "~/platform/zod";

/**
 * What a visit can lead to, as the features that count them name them (leads "contact",
 * newsletter "newsletter", the booking link "booking"); the counter takes any name.
 */
export const conversionKinds = ["contact", "newsletter", "booking"] as const;
export type ConversionKind = (typeof conversionKinds)[number];

export const insightsPeriods = ["7d", "30d", "90d", "365d"] as const;
export type InsightsPeriod = (typeof insightsPeriods)[number];

export const periodDays: Record<InsightsPeriod, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "365d": 365,
};
export const periodLabels: Record<InsightsPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "365d": "Last 12 months",
};

export const insightsTableNames = [
  "pages",
  "articles",
  "case-studies",
  "entries",
  "referrers",
  "campaigns",
  "devices",
  "browsers",
  "conversions",
  "landing-conversions",
  "source-conversions",
  "newsletters",
  "newsletter-links",
] as const;
export type InsightsTableName = (typeof insightsTableNames)[number];

/** Each kind of conversion, as the screen and the CSV name it. */
export const conversionKindLabels: Record<ConversionKind, string> = {
  contact: "Contact messages",
  newsletter: "Newsletter sign-ups",
  booking: "Booking clicks",
};

/** The same, short, where a figure card lists them under the total. */
export const conversionKindShortLabels: Record<ConversionKind, string> = {
  contact: "Messages",
  newsletter: "Sign-ups",
  booking: "Booking clicks",
};

const periodSchema = z
  .enum(insightsPeriods, { error: "Choose a period: 7d, 30d, 90d or 365d" })
  .default("30d");

/** The newsletter issue whose links are shown; anything else means the newest of the period. */
const newsletterSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .optional()
  .catch(undefined);

export const insightsQuerySchema = z.object({ period: periodSchema, newsletter: newsletterSchema });

export const insightsExportSchema = z.object({
  period: periodSchema,
  table: z.enum(insightsTableNames, { error: "Unknown table" }),
  newsletter: newsletterSchema,
});
