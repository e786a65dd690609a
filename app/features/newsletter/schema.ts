// What the newsletter screens post: a draft's subject and text, and which intent a button names.
// Shared by the compose form and the server.
import { z } from "zod";
import { richText } from "~/capabilities/rich-text/rich-text-schema";

export const newsletterDraftSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Subject is required")
    .max(200, "Subject must be at most 200 characters"),
  bodyHtml: richText.refine((html) => html.replace(/<[^>]+>/g, "").trim() !== "", {
    message: "Write the newsletter before you preview or send it",
  }),
});
export type NewsletterDraft = z.infer<typeof newsletterDraftSchema>;

/** The schedule's buttons: a draft scheduled; a scheduled issue moved, or back to a draft. */
export const scheduleIntents = ["schedule", "reschedule", "unschedule"] as const;
export type ScheduleIntent = (typeof scheduleIntents)[number];

/** The compose screen's buttons. */
export const draftIntentSchema = z.enum([
  "save",
  "preview",
  "test",
  "send",
  "delete",
  ...scheduleIntents,
]);
export type DraftIntent = z.infer<typeof draftIntentSchema>;

/** The newsletter screen's buttons: start a newsletter (blank or from an article), erase someone. */
export const newsletterListIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({
    intent: z.literal("from-article"),
    articleId: z.string().trim().min(1, "Choose an article to send"),
  }),
  z.object({ intent: z.literal("erase"), subscriberId: z.coerce.number().int().positive() }),
]);
