// Where a send makes each copy's tracked links: one call per copy as it is built, then one write
// of the issue's links and every copy's token, in the send's transaction.
import type { Db } from "~/platform/db/tables.server";
import { listIssueLinks, makeCopyToken, rewriteCopyLinks } from "./tracked-links";

/** Rows per insert: well under either database's limit of bound values. */
const chunkSize = 300;

export type CopyTracking = {
  /** The issue as one subscriber's copy: its links through a token of the copy's own. */
  trackCopy<T extends { bodyHtml: string }>(newsletter: T, email: string): T;
  /** Stores the issue's links and the copies' tokens (with the subscriber each is for). */
  store(trx: Db, newsletterId: number): Promise<void>;
};

export function startCopyTracking(bodyHtml: string, siteUrl: string): CopyTracking {
  const links = listIssueLinks(bodyHtml, siteUrl);
  const tokens = new Map<string, string>();
  return {
    trackCopy(newsletter, email) {
      if (links.length === 0) return newsletter;
      const token = makeCopyToken();
      tokens.set(email, token);
      return {
        ...newsletter,
        bodyHtml: rewriteCopyLinks(newsletter.bodyHtml, links, siteUrl, token),
      };
    },
    async store(trx, newsletterId) {
      if (links.length === 0) return;
      await trx
        .insertInto("newsletter_links")
        .values(
          links.map((url, index) => ({ newsletter_id: newsletterId, position: index + 1, url })),
        )
        .onConflict((conflict) => conflict.columns(["newsletter_id", "position"]).doNothing())
        .execute();
      const emails = [...tokens.keys()];
      for (let at = 0; at < emails.length; at += chunkSize) {
        const subscribers = await trx
          .selectFrom("newsletter_subscriptions")
          .select(["id", "email"])
          .where("email", "in", emails.slice(at, at + chunkSize))
          .execute();
        if (subscribers.length === 0) continue;
        await trx
          .insertInto("newsletter_copies")
          .values(
            subscribers.map((subscriber) => ({
              token: tokens.get(subscriber.email) ?? "",
              newsletter_id: newsletterId,
              subscriber_id: Number(subscriber.id),
            })),
          )
          .execute();
      }
    },
  };
}
