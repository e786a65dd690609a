// What the two newsletter screens read and what their buttons do: the overview (newsletters sent,
// subscribers, starting a newsletter, erasing a subscriber) and one newsletter (compose, preview,
// test, send, then its progress), and the topics a subscriber may choose. The routes only parse,
// call these and render.
import type { RouterContextProvider } from "react-router";
import { isMailEnabled } from "~/capabilities/mail/mail-port.server";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { describeHeldReason } from "~/features/leads/spam/spam.server";
import { listBouncedSubscribers } from "~/features/newsletter/bounces.server";
import {
  eraseSubscriber,
  listHeldSignUps,
  listSubscribers,
} from "~/features/newsletter/subscribers.server";
import type { TopicsFormTexts } from "~/features/newsletter/topics";
import { findArticle, getArticles } from "~/features/publishing/public-reader.server";
import { type Actor, getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { toFieldErrors } from "~/platform/field-errors";
import { formatTime } from "~/platform/format-time";
import { readSameOriginForm } from "~/platform/http/api.server";
import {
  answerDone,
  answerFailed,
  answerFieldErrors,
  type FormResult,
  type NoticeBody,
} from "~/platform/http/form-result";
import { escapeXml } from "~/platform/http/xml";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { getRequestData } from "~/platform/request-data.server";
import type { NewsletterFrame } from "./email.server";
import { renderNewsletterEmail, toNewsletterFrame } from "./email.server";
import {
  createNewsletter,
  deleteNewsletter,
  getNewsletter,
  listNewsletters,
  NewsletterStateError,
  prepareForMail,
  saveNewsletter,
  sendNewsletter,
  sendTestCopy,
} from "./newsletters.server";
import { runScheduleIntent } from "./schedule-intents.server";
import {
  draftIntentSchema,
  newsletterDraftSchema,
  newsletterListIntentSchema,
  type ScheduleIntent,
} from "./schema";
import { everyone, listTopics, type Topic } from "./topics";
import { countRecipients, readNewsletterAudience } from "./topics.server";

type Context = Readonly<RouterContextProvider>;

/** What every newsletter email is framed with: the site, the firm's name and postal address. */
export async function getNewsletterFrame(context: Context): Promise<NewsletterFrame> {
  const { content } = await getRequestContent(context);
  return toNewsletterFrame(getAppContext(context).config.SITE_URL, content);
}

/** The topics subscribers choose from now: the content's services, then News. */
export async function getOfferedTopics(context: Context): Promise<Topic[]> {
  const { content } = await getRequestContent(context);
  return listTopics(content.services.items);
}

/** What a subscriber's own page says around its form: the contact address and the home link. */
/** The words of a subscriber's topics form, on the confirmation and the topics page. */
export function readTopicsFormTexts(
  forms: { topicsHint: string; topicsButtonText: string; topicsSavingText: string },
  legend: string,
): TopicsFormTexts {
  return {
    legend,
    hint: forms.topicsHint,
    buttonText: forms.topicsButtonText,
    savingText: forms.topicsSavingText,
  };
}

/** The topics page's words, as the owner wrote them in the content manager. */
export async function getTopicsPageTexts(context: Context) {
  const { content } = await getRequestContent(context);
  const { forms } = content;
  return {
    contactEmail: content.contact.email,
    texts: {
      heading: forms.topicsHeading,
      text: forms.topicsText,
      form: readTopicsFormTexts(forms, forms.topicsLegend),
      leaveHeading: forms.topicsLeaveHeading,
      unsubscribeText: forms.topicsUnsubscribeText,
      invalidHeading: forms.topicsInvalidHeading,
      invalidText: forms.topicsInvalidText,
      homeLinkText: forms.homeLinkText,
    },
  };
}

/** Held sign-ups shown at once: the newest; the count says how many more there are. */
const heldShown = 25;

export async function loadNewsletterOverview(context: Context) {
  const { db, logger } = getAppContext(context);
  getAdmin(context);
  const timeZone = await getRequestData(context).timeZone();
  const [newsletters, subscribers, held, articles, bounced] = await Promise.all([
    listNewsletters(db),
    listSubscribers(db),
    listHeldSignUps(db, heldShown),
    getArticles(db, logger, timeZone),
    listBouncedSubscribers(db),
  ]);
  const count = (state: string) => subscribers.filter((entry) => entry.state === state).length;
  return {
    mailEnabled: isMailEnabled(getAppContext(context).config),
    counts: {
      confirmed: count("confirmed"),
      pending: count("pending"),
      unconfirmed: count("unconfirmed"),
    },
    newsletters: newsletters.map((newsletter) => ({
      ...newsletter,
      when: formatTime(
        newsletter.status === "scheduled"
          ? newsletter.scheduledAt
          : (newsletter.sentAt ?? newsletter.updatedAt),
        timeZone,
      ),
    })),
    // Bounced addresses are listed apart, with their mail server's reply.
    bounced: bounced.map((subscriber) => ({
      ...subscriber,
      bouncedWhen: formatTime(subscriber.bouncedAt, timeZone),
    })),
    subscribers: subscribers
      .filter((subscriber) => subscriber.state !== "bounced")
      .map((subscriber) => ({
        id: subscriber.id,
        email: subscriber.email,
        state: subscriber.state,
        signedUp: formatTime(subscriber.createdAt, timeZone),
      })),
    held: {
      total: held.total,
      signUps: held.signUps.map((signUp) => ({
        email: signUp.email,
        signedUp: formatTime(signUp.createdAt, timeZone),
        reason: describeHeldReason(signUp.spamVerdict),
      })),
    },
    articles: articles.map((article) => ({ id: article.id, title: article.title })),
  };
}

/** A post's answer; the compose screen's Preview answers the email as readers will see it. */
export type ScreenResult = FormResult<NoticeBody & { preview?: string }>;
type Answered = { status: number; result: ScreenResult };
/** The overview's outcome: an answer, or the new draft to go to. */
export type ScreenOutcome = Answered | { redirectTo: string };

const answer = (result: ScreenResult, status = 200): Answered => ({ status, result });

/** The post's fields, or the answer to a post from another site. */
async function readPost(request: Request, context: Context) {
  const posted = await readSameOriginForm(request, getAppContext(context).config.SITE_URL);
  if ("fields" in posted) return posted;
  return { refused: answer(answerFailed(posted.refused.message), posted.refused.status) };
}

/** The overview's buttons: a new newsletter (blank or from an article), or erase a subscriber. */
export async function runOverviewIntent(
  request: Request,
  context: Context,
): Promise<ScreenOutcome> {
  const { db, logger, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const actor = getActor(admin, clientIp);
  const posted = await readPost(request, context);
  if ("refused" in posted) return posted.refused;
  const parsed = newsletterListIntentSchema.safeParse(posted.fields);
  if (!parsed.success) {
    return answer(answerFailed(parsed.error.issues[0]?.message ?? "Unknown request"), 400);
  }
  const intent = parsed.data;
  if (intent.intent === "create") {
    const id = await createNewsletter(db, { subject: "", bodyHtml: "" }, admin.email);
    return { redirectTo: `/admin/newsletter/${id}` };
  }
  if (intent.intent === "from-article") {
    const timeZone = await getRequestData(context).timeZone();
    const article = await findArticle(db, logger, intent.articleId, timeZone);
    if (!article) return answer(answerFailed("That article is not published any more."), 404);
    const id = await createNewsletter(
      db,
      {
        subject: article.title,
        bodyHtml: composeFromArticle(article),
        articleId: article.id,
      },
      admin.email,
    );
    return { redirectTo: `/admin/newsletter/${id}` };
  }
  const erased = await eraseSubscriber(db, intent.subscriberId, actor);
  if (!erased) return answer(answerFailed("That subscriber was already removed."), 404);
  return answer(
    answerDone({ message: "The subscriber and every email sent to them were erased." }),
  );
}

/** An article as a newsletter: its cover, its summary, its text, and a link to read it online. */
function composeFromArticle(article: {
  id: string;
  excerpt: string;
  imageUrl: string;
  imageAlt: string;
  body: string;
}): string {
  const cover = article.imageUrl
    ? `<p><img src="${escapeXml(article.imageUrl)}" alt="${escapeXml(article.imageAlt)}"></p>`
    : "";
  return `${cover}<p><strong>${escapeXml(article.excerpt)}</strong></p>${article.body}<p><a href="/blog/${encodeURIComponent(article.id)}">Read this article on our website</a></p>`;
}

export async function loadNewsletterEditor(context: Context, id: number) {
  const { db } = getAppContext(context);
  const admin = getAdmin(context);
  const newsletter = Number.isSafeInteger(id) ? await getNewsletter(db, id) : undefined;
  if (!newsletter) return undefined;
  const audience = (await readNewsletterAudience(db, id)) ?? everyone;
  const [timeZone, frame, confirmedCount, topics] = await Promise.all([
    getRequestData(context).timeZone(),
    getNewsletterFrame(context),
    // A draft offers to send and a scheduled issue says whom it will reach: the send's own query.
    newsletter.status === "draft" || newsletter.status === "scheduled"
      ? countRecipients(db, audience)
      : 0,
    getOfferedTopics(context),
  ]);
  return {
    newsletter: {
      ...newsletter,
      sentWhen: formatTime(newsletter.sentAt, timeZone),
      scheduledWhen: formatTime(newsletter.scheduledAt, timeZone),
    },
    // A sent newsletter is shown as its readers got it (with a placeholder unsubscribe link).
    sentHtml:
      newsletter.status === "draft"
        ? null
        : renderNewsletterEmail(await prepareForMail(db, newsletter), frame, undefined).html,
    confirmedCount,
    audience,
    topics,
    mailEnabled: isMailEnabled(getAppContext(context).config),
    adminEmail: admin.email,
  };
}

/** A schedule button's answer, its time read in the site's time zone. */
async function answerSchedule(
  context: Context,
  id: number,
  intent: ScheduleIntent,
  sendAt: unknown,
  actor: Actor,
): Promise<Answered> {
  const timeZone = await getRequestData(context).timeZone();
  return runScheduleIntent(getAppContext(context).db, { id, intent, sendAt, timeZone, actor });
}

/** Test copies one admin may send in ten minutes. */
const testSendLimit = { limit: 10, windowMs: 10 * 60_000 };

/** The compose screen's buttons; every one but delete saves the draft first. */
export async function runDraftIntent(
  request: Request,
  context: Context,
  id: number,
): Promise<ScreenOutcome> {
  const { db, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const actor = getActor(admin, clientIp);
  const posted = await readPost(request, context);
  if ("refused" in posted) return posted.refused;
  const form = posted.fields;
  const intent = draftIntentSchema.safeParse(form.intent);
  if (!intent.success) return answer(answerFailed("Unknown request"), 400);
  try {
    if (intent.data === "reschedule" || intent.data === "unschedule") {
      return await answerSchedule(context, id, intent.data, form.sendAt, actor);
    }
    if (intent.data === "delete") {
      await deleteNewsletter(db, id, actor);
      return { redirectTo: "/admin/newsletter" };
    }
    const parsed = newsletterDraftSchema.safeParse(form);
    if (!parsed.success) {
      return answer(answerFieldErrors(toFieldErrors(parsed.error.issues)), 400);
    }
    // The draft as saved (its text sanitized) is what the preview, the test and the send use.
    const draft = await saveNewsletter(db, id, parsed.data);
    if (intent.data === "save") return answer(answerDone({ message: "Draft saved." }));
    const frame = await getNewsletterFrame(context);
    if (intent.data === "preview") {
      const mailed = await prepareForMail(db, draft);
      return answer(answerDone({ preview: renderNewsletterEmail(mailed, frame, undefined).html }));
    }
    if (!isMailEnabled(getAppContext(context).config)) {
      return answer(
        answerFailed("Email is not set up on this server, so nothing can be sent."),
        409,
      );
    }
    if (intent.data === "schedule") {
      return await answerSchedule(context, id, intent.data, form.sendAt, actor);
    }
    if (intent.data === "test") {
      const limit = await hitRateLimit(db, `newsletter-test:${admin.adminId}`, testSendLimit);
      if (!limit.allowed) {
        return answer(
          answerFailed("You have sent many test copies. Please wait a few minutes."),
          429,
        );
      }
      await sendTestCopy(db, draft, frame, admin.email);
      return answer(answerDone({ message: `A test copy is on its way to ${admin.email}.` }));
    }
    const queued = await sendNewsletter(db, id, frame, actor);
    return answer(
      answerDone({
        message: `Sending to ${queued} ${queued === 1 ? "subscriber" : "subscribers"}. You can leave this page: sending goes on.`,
      }),
    );
  } catch (error) {
    if (error instanceof NewsletterStateError) return answer(answerFailed(error.message), 409);
    throw error;
  }
}
