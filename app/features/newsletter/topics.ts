// Newsletter topics: the site's services and "News", keyed so that a key names one service for
// as long as it lives ("service:" and its slug), and the audience an issue goes to.
import { toSlug } from "~/platform/slug";

export type Topic = { key: string; label: string };

const newsTopic: Topic = { key: "news", label: "News" };

const servicePrefix = "service:";

function getServiceTopicKey(title: string): string {
  return `${servicePrefix}${toSlug(title)}`;
}

/** The slug a service topic's key holds, or undefined for another topic. */
export function readServiceSlug(key: string): string | undefined {
  return key.startsWith(servicePrefix) ? key.slice(servicePrefix.length) : undefined;
}

export function toServiceTopicKey(slug: string): string {
  return `${servicePrefix}${slug}`;
}

/** The topics offered now: each service of the content, in its order, then News. */
export function listTopics(services: readonly { title: string }[]): Topic[] {
  const topics = services
    .filter((service) => toSlug(service.title) !== "")
    .map((service) => ({ key: getServiceTopicKey(service.title), label: service.title }));
  return [...topics, newsTopic];
}

/** Who an issue goes to: every confirmed subscriber, or those who chose one of the topics. */
export type Audience = { kind: "everyone" } | { kind: "topics"; topics: string[] };

export const everyone: Audience = { kind: "everyone" };

/**
 * The audience as the newsletter row stores it: null, or a JSON array of topic keys. Anything
 * else reaches nobody (the send then refuses), never everyone by mistake.
 */
export function parseAudience(stored: string | null): Audience {
  if (stored === null) return everyone;
  const nobody: Audience = { kind: "topics", topics: [] };
  try {
    const topics: unknown = JSON.parse(stored);
    if (!Array.isArray(topics)) return nobody;
    return { kind: "topics", topics: topics.filter((topic) => typeof topic === "string") };
  } catch {
    return nobody;
  }
}

/** Why a send reached nobody: no confirmed subscriber at all, or none who chose its topics. */
export function describeEmptyAudience(audience: string | null): string {
  return parseAudience(audience).kind === "everyone"
    ? "There are no confirmed subscribers yet, so there is nobody to send this newsletter to."
    : "No confirmed subscriber chose the topics this newsletter goes to, so there is nobody to send it to. Choose other topics, or everyone.";
}

/** The words of a subscriber's topics form, as the owner wrote them in the content manager. */
export type TopicsFormTexts = {
  legend: string;
  hint: string;
  buttonText: string;
  savingText: string;
};

export function formatAudience(audience: Audience): string | null {
  return audience.kind === "everyone" ? null : JSON.stringify(audience.topics);
}

type TopicChoice = { ok: true; topics: string[] } | { ok: false; message: string };

/**
 * Checks posted topic keys against the topics offered: each known, no repeats, and at least one
 * unless `allowNone` (a draft's audience may be left empty while the owner chooses).
 */
export function checkTopicChoice(
  posted: readonly string[],
  offered: readonly Topic[],
  { allowNone = false } = {},
): TopicChoice {
  const known = new Set(offered.map((topic) => topic.key));
  const unknown = posted.find((key) => !known.has(key));
  if (unknown !== undefined) {
    return {
      ok: false,
      message:
        "One of the topics chosen is not offered any more. Please choose again from the list.",
    };
  }
  const topics = [...new Set(posted)];
  if (topics.length === 0 && !allowNone) {
    return { ok: false, message: "Choose at least one topic." };
  }
  return { ok: true, topics };
}

/** An address shown to its owner without giving it away whole: "a•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
