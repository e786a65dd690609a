// What the leads screen's form posts do: move a message (handled, new, spam, not spam), delete
// it, erase a contact, send a test email. Each answers with what happened in the owner's words
// and a status; a post without JavaScript that would destroy something is first asked about.
import type { Actor } from "~/platform/activity/activity.server";
import { type AdminRole, isRoleAllowed, ownerOnlyMessage } from "~/platform/admin-roles";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { answerDone, answerFailed, type FormResult } from "~/platform/http/form-result";
import { z } from "~/platform/zod";
import { contactEmailSchema, describeCount, eraseContact } from "./contact-privacy.server";
import { deleteMessage, findMessageSender, moveMessage } from "./inbox.server";
import { queueTestEmail } from "./mail-test.server";

const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** "yes" once the admin has confirmed a deletion (the dialog, or the no-JavaScript question). */
const confirmed = z.literal("yes").optional();

/** Every post the screen makes, by its intent. */
export const inboxIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["handled", "new", "spam", "not-spam"]), id: messageId }),
  z.object({ intent: z.literal("delete"), id: messageId, confirmed }),
  contactEmailSchema.extend({ intent: z.literal("erase"), confirmed }),
  z.object({ intent: z.literal("test-email") }),
]);
export type InboxIntent = z.infer<typeof inboxIntentSchema>;

/** What the screen shows after a post that worked. */
export type InboxNotice = {
  message?: string;
  /** A change the notice offers to take back: the post that does it. */
  undo?: { intent: "new" | "spam" | "handled"; id: number; label: string };
  /** Asked first (no JavaScript, so no dialog): the post that confirms, and the question. */
  confirm?: {
    intent: "delete" | "erase";
    id?: number;
    email?: string;
    question: string;
    action: string;
  };
};

/** What the screen shows after a post. */
export type InboxIntentResult = FormResult<InboxNotice>;

export type InboxIntentContext = {
  db: Db;
  config: Config;
  admin: { adminId: number; email: string; role: AdminRole };
  actor: Actor;
};

/**
 * What only an owner may do here: delete a message, erase a contact, and send a test
 * of the mail set-up. An editor reads and sorts the inbox.
 */
const ownerIntents: ReadonlySet<InboxIntent["intent"]> = new Set(["delete", "erase", "test-email"]);

/** Whether an admin with this role may post this intent (the screen hides what they may not). */
export function canPostInboxIntent(role: AdminRole, intent: InboxIntent["intent"]): boolean {
  return isRoleAllowed(role, ownerIntents.has(intent) ? "owner" : undefined);
}

const answer = (result: InboxIntentResult, status = 200) => ({ status, result });
const noSuchMessage = () =>
  answer(answerFailed("That message no longer exists: it may have been deleted already."), 404);

/** Runs a post of the leads screen. */
export async function runInboxIntent(
  { db, config, admin, actor }: InboxIntentContext,
  form: Record<string, unknown>,
): Promise<{ status: number; result: InboxIntentResult }> {
  const parsed = inboxIntentSchema.safeParse(form);
  if (!parsed.success) {
    return answer(
      answerFailed("That request was not understood. Reload the page and try again."),
      400,
    );
  }
  const intent = parsed.data;
  if (!canPostInboxIntent(admin.role, intent.intent)) {
    return answer(answerFailed(`${ownerOnlyMessage}.`), 403);
  }
  switch (intent.intent) {
    case "test-email": {
      const outcome = await queueTestEmail({ db, config }, admin, actor);
      if (outcome.kind === "off") {
        return answer(
          answerFailed("Email is not set up on this server, so no test was sent."),
          409,
        );
      }
      if (outcome.kind === "rate-limited") return answer(answerFailed(outcome.message), 429);
      return answer(
        answerDone({
          message: `Test email sent to ${outcome.to}. Its progress is shown under Email alerts.`,
        }),
      );
    }
    case "erase": {
      if (intent.confirmed !== "yes") {
        return answer(
          answerDone({
            confirm: {
              intent: "erase",
              email: intent.email,
              question: `Erase every message from ${intent.email}? This cannot be undone.`,
              action: "Erase this person",
            },
          }),
        );
      }
      const erased = await eraseContact(db, intent, actor);
      if (erased === 0)
        return answer(answerFailed(`No messages from ${intent.email} are stored.`), 404);
      return answer(
        answerDone({
          message: `Erased ${intent.email}: ${describeCount(erased)} removed for good.`,
        }),
      );
    }
    case "delete": {
      if (intent.confirmed !== "yes") {
        const sender = await findMessageSender(db, intent.id);
        if (!sender) return noSuchMessage();
        return answer(
          answerDone({
            confirm: {
              intent: "delete",
              id: intent.id,
              question: `Delete the message from ${sender.name}? This cannot be undone.`,
              action: "Delete message",
            },
          }),
        );
      }
      const deleted = await deleteMessage(db, intent.id, actor);
      if (deleted === "not-found") return noSuchMessage();
      return answer(answerDone({ message: "Message deleted." }));
    }
    default: {
      const state = intent.intent === "not-spam" ? "new" : intent.intent;
      const moved = await moveMessage({ db, config }, { id: intent.id, state }, actor);
      if (moved.kind === "not-found") return noSuchMessage();
      const undo = moved.from === state ? undefined : { intent: moved.from, id: intent.id };
      const texts = {
        handled: `Marked the message from ${moved.name} as handled.`,
        new: `Marked the message from ${moved.name} as new.`,
        spam: `Moved the message from ${moved.name} to Spam.`,
        "not-spam": moved.mailedTo
          ? `Moved the message from ${moved.name} back to New and emailed it to ${moved.mailedTo}.`
          : `Moved the message from ${moved.name} back to New.`,
      };
      return answer(
        answerDone({
          message: texts[intent.intent],
          // Undoing "Not spam" would not unsend its email: no undo is offered for it.
          ...(undo && intent.intent !== "not-spam" ? { undo: { ...undo, label: "Undo" } } : {}),
        }),
      );
    }
  }
}
