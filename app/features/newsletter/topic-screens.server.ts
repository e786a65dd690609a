// What the topic screens read and what their forms do: a subscriber's own choice (after confirming,
// and from every issue's "choose your topics" link), the owner's edit of one subscriber's topics,
// and a draft's audience with the count of recipients it reaches. The routes parse and render.
import type { RouterContextProvider } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { ApiError, assertSameOrigin } from "~/platform/http/api.server";
import { answerDone, answerFailed, type FormResult } from "~/platform/http/form-result";
import { getOfferedTopics } from "./newsletter-screens.server";
import { findSubscriberByLink } from "./subscribers.server";
import { type Audience, checkTopicChoice, everyone, maskEmail, type Topic } from "./topics";
import {
  countRecipients,
  readSubscriberTopics,
  saveNewsletterAudience,
  saveSubscriberTopics,
} from "./topics.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The topics form as a page shows it: what is offered, what this subscriber hears about, and
 * their address masked (enough to know which of their addresses it is).
 */
export type TopicsView = { topics: Topic[]; chosen: string[]; address: string };

/** A topics form's answer: saved (with the choice as saved), or why not. */
export type TopicsResult = FormResult<{ message: string; chosen: string[] }>;
type Answered<T> = { status: number; result: T };

const savedMessage = "Your topics are saved.";
const goneMessage = "This subscription does not exist (any more).";

/** A post's fields and its ticked topic boxes; an unreadable body reads as none. */
export async function readTopicsForm(request: Request) {
  const form = await request.formData().catch(() => new FormData());
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const topics = form.getAll("topic").filter((value) => typeof value === "string");
  return { field, topics };
}

/** The topics a link's subscriber hears about, or undefined when the link stands for nobody. */
export async function loadTopicsByToken(
  context: Context,
  link: "confirm" | "unsubscribe",
  token: string,
): Promise<TopicsView | undefined> {
  const { db } = getAppContext(context);
  const subscriber = await findSubscriberByLink(db, link, token);
  if (!subscriber) return undefined;
  const topics = await getOfferedTopics(context);
  return {
    topics,
    chosen: await readSubscriberTopics(db, subscriber.id, topics),
    address: maskEmail(subscriber.email),
  };
}

/** Saves the topics a subscriber ticked on a page their link opened. */
export async function saveTopicsByToken(
  context: Context,
  link: "confirm" | "unsubscribe",
  token: string,
  posted: readonly string[],
): Promise<Answered<TopicsResult>> {
  const subscriber = await findSubscriberByLink(getAppContext(context).db, link, token);
  if (!subscriber) return { status: 404, result: answerFailed(goneMessage) };
  return saveChoice(context, subscriber.id, posted);
}

async function saveChoice(
  context: Context,
  id: number,
  posted: readonly string[],
  actor?: Parameters<typeof saveSubscriberTopics>[3],
): Promise<Answered<TopicsResult>> {
  const choice = checkTopicChoice(posted, await getOfferedTopics(context));
  if (!choice.ok) {
    return {
      status: 400,
      result: answerFailed(choice.message, { errors: { topic: choice.message } }),
    };
  }
  const saved = await saveSubscriberTopics(getAppContext(context).db, id, choice.topics, actor);
  if (!saved) return { status: 404, result: answerFailed(goneMessage) };
  const message = actor ? "The subscriber's topics are saved." : savedMessage;
  return { status: 200, result: answerDone({ message, chosen: choice.topics }) };
}

/** The owner's screen of one subscriber's topics: their address, what is offered and chosen. */
export async function loadSubscriberTopicsEditor(context: Context, id: number) {
  const { db } = getAppContext(context);
  getAdmin(context);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["email", "state"])
    .where("id", "=", id)
    .where("spam_verdict", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const topics = await getOfferedTopics(context);
  return {
    email: row.email,
    state: row.state,
    topics,
    chosen: await readSubscriberTopics(db, id, topics),
  };
}

/** Refuses a cross-site post to an admin screen (403), as every admin form does. */
function refuseCrossSite(request: Request, context: Context) {
  try {
    assertSameOrigin(request, getAppContext(context).config.SITE_URL);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
}

/** The owner saves one subscriber's topics; logged in the activity log, never naming whom. */
export async function runSubscriberTopicsEdit(
  request: Request,
  context: Context,
  id: number,
): Promise<Answered<TopicsResult>> {
  const { clientIp } = getAppContext(context);
  const actor = getActor(getAdmin(context), clientIp);
  const refused = refuseCrossSite(request, context);
  if (refused) return { status: refused.status, result: answerFailed(refused.message) };
  if (!Number.isSafeInteger(id) || id <= 0) {
    return { status: 404, result: answerFailed(goneMessage) };
  }
  const { topics } = await readTopicsForm(request);
  return saveChoice(context, id, topics, actor);
}

/** The audience form's answer: how many subscribers the saved audience reaches now. */
export type AudienceResult = FormResult<{ count: number }>;

/**
 * Saves a draft's audience from the editor's chooser and answers the count it reaches, with the
 * query the send uses, so the number shown is the number sent.
 */
export async function runAudienceChange(
  request: Request,
  context: Context,
  id: number,
): Promise<Answered<AudienceResult>> {
  const { db } = getAppContext(context);
  getAdmin(context);
  const refused = refuseCrossSite(request, context);
  if (refused) return { status: refused.status, result: answerFailed(refused.message) };
  const { field, topics } = await readTopicsForm(request);
  let audience: Audience = everyone;
  if (field("audience") === "topics") {
    const offered = await getOfferedTopics(context);
    const choice = checkTopicChoice(topics, offered, { allowNone: true });
    if (!choice.ok) {
      return {
        status: 400,
        result: answerFailed(choice.message, { errors: { topic: choice.message } }),
      };
    }
    audience = { kind: "topics", topics: choice.topics };
  } else if (field("audience") !== "everyone") {
    return { status: 400, result: answerFailed("Choose who gets this newsletter.") };
  }
  if (!(Number.isSafeInteger(id) && (await saveNewsletterAudience(db, id, audience)))) {
    return {
      status: 409,
      result: answerFailed(
        "This newsletter has been sent already, so it can no longer be changed.",
      ),
    };
  }
  return { status: 200, result: answerDone({ count: await countRecipients(db, audience) }) };
}
