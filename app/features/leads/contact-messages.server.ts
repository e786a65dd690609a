// Contact messages: kept (with a hash of the sender's address) before the visitor is told it
// worked, and mailed to the firm through the outbox when mail is set up; what the spam guard
// is unsure of lands in the inbox's Spam folder unmailed (inbox.server.ts lists and moves them).
import { createHash } from "node:crypto";
import { type Mail, writeWithMail } from "~/capabilities/mail/mail-port.server";
import type { AppServices } from "~/platform/context.server";
import { formatTime } from "~/platform/format-time";
import { foldForSearch } from "~/platform/search-text";
import { readSiteTimeZone } from "~/platform/settings.server";
import { type LeadForm, receiveLead, type SenderInfo } from "./lead-gate.server";
import type { LeadOutcome } from "./outcome.server";
import type { ContactMessageInput } from "./schema";
import { contactMinimumFillMs } from "./spam/spam.server";

export const contactRateLimit = { limit: 5, windowMs: 10 * 60_000 };
export const contactSuccessMessage = "Thank you for contacting us. We'll be in touch soon!";
export const contactUnavailableMessage =
  "We could not send your message right now. Please try again in a few minutes.";
const contactForm: LeadForm = {
  name: "contact",
  rateLimit: contactRateLimit,
  minimumFillMs: contactMinimumFillMs,
  tooManyMessage: "Too many messages have been sent from your network",
  logLabel: "Contact form submission",
  unavailableMessage: contactUnavailableMessage,
  storeErrorMessage: "Could not store a contact message",
};

export type StoredMessage = {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
  created_at: string;
};

function emptyToNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** What search looks through: name, email, company and text, folded once when stored. */
export function getMessageSearchText(message: StoredMessage): string {
  return foldForSearch(
    [message.name, message.email, message.company ?? "", message.message].join("\n"),
  );
}

/** Where the inbox shows one message: its card, scrolled to, in the New folder. */
export function getInboxMessageUrl(siteUrl: string, id: number): string {
  return `${siteUrl}/admin/leads?folder=new#message-${id}`;
}

/**
 * The notification the firm receives; Reply-To is the visitor, so a reply goes straight back. The
 * time is in the site's time zone and a link opens the message in the inbox.
 */
export function buildContactNotification(
  message: StoredMessage & { id: number },
  recipient: string,
  site: { siteUrl: string; timeZone: string },
): Mail {
  const { siteUrl } = site;
  const name = message.name.replace(/[\r\n\t]+/g, " ");
  return {
    to: recipient,
    replyTo: message.email,
    subject: `New contact message from ${name}`.slice(0, 200),
    text: [
      `A visitor sent this message through the contact form on ${siteUrl}.`,
      "",
      `Name: ${name}`,
      `Email: ${message.email}`,
      `Phone: ${message.phone ?? "not given"}`,
      `Company: ${message.company ?? "not given"}`,
      `Received: ${formatTime(message.created_at, site.timeZone)}`,
      "",
      "Message:",
      message.message,
      "",
      "Reply to this email to answer the visitor.",
      `Open it in the inbox: ${getInboxMessageUrl(siteUrl, message.id)}`,
    ].join("\n"),
  };
}

/**
 * The key that makes a double submit store one message: the form's own key when it sends one
 * (the JavaScript form does), else, for a plain form post, one derived from the signed form
 * token, the sender and the text, so only an identical resubmit of the same shown form matches.
 */
export function getIdempotencyKey(input: ContactMessageInput, ipHash: string): string | null {
  if (input.idempotencyKey) return `key:${input.idempotencyKey}`;
  const token = input.formToken?.trim();
  if (!token) return null;
  const digest = createHash("sha256")
    .update(JSON.stringify([token, ipHash, input.email, input.name, input.message]))
    .digest("base64url");
  return `form:${digest}`;
}

/**
 * Stores a message and queues its notification; one judged on timing alone is stored in the Spam
 * folder without a notification, a sure bot's is dropped; the sender is told it worked either way.
 * Refuses once the sender's network is over its limit.
 */
export async function receiveContactMessage(
  services: AppServices,
  input: ContactMessageInput,
  sender: SenderInfo,
  now = new Date(),
): Promise<LeadOutcome> {
  const { db, config } = services;
  return receiveLead(services, contactForm, input, sender, now, async (held, ipHash) => {
    const stored: StoredMessage = {
      name: input.name,
      email: input.email,
      phone: emptyToNull(input.phone),
      company: emptyToNull(input.company),
      message: input.message,
      created_at: now.toISOString(),
    };
    // Possible spam is not mailed: the firm looks at it in the admin when it wants to.
    const mailTo = config.SMTP_URL && !held ? config.NOTIFY_TO : undefined;
    const idempotencyKey = getIdempotencyKey(input, ipHash);
    await writeWithMail(db, async (trx, mail) => {
      const row = await trx
        .insertInto("contact_messages")
        .values({
          ...stored,
          ip_hash: ipHash,
          user_agent: sender.userAgent?.slice(0, 500) ?? null,
          idempotency_key: idempotencyKey,
          visit_attribution: sender.attribution ? JSON.stringify(sender.attribution) : null,
          spam_verdict: held,
          state: held ? "spam" : "new",
          search_text: getMessageSearchText(stored),
        })
        // The same form sent again: the first copy is kept, and was mailed already.
        .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (row && mailTo) {
        const id = Number(row.id);
        const site = { siteUrl: config.SITE_URL, timeZone: await readSiteTimeZone(trx) };
        const notification = buildContactNotification({ ...stored, id }, mailTo, site);
        await mail.add({ ...notification, contactMessageId: id }, now);
      }
    });
  });
}
