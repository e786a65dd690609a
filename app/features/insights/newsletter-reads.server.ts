// The newsletter's figures in Insights, in SQL: per issue sent in the period, copies sent, clicks
// by people (unique copies and in all) and by machines, and the visits, sign-ups and contact
// messages its campaign brought; per link of one issue, its clicks. Ranked and paged by the
// database like every Insights table.
import { type RawBuilder, sql } from "kysely";
import type { Db } from "~/platform/db/tables.server";
import { addDays } from "~/platform/visits/visit-days";
import { pageSql, type RankedQuery } from "./insights-reads.server";
import type { DayRange } from "./visit-rollups.server";

export type NewsletterRow = {
  id: unknown;
  subject: string;
  copies: unknown;
  people: unknown;
  human: unknown;
  machine: unknown;
  visits: unknown;
  sign_ups: unknown;
  messages: unknown;
};

export type NewsletterLinkRow = { url: string; people: unknown; human: unknown; machine: unknown };

/** The campaign an issue's clicks land with, as SQL of the issue's id (getNewsletterCampaign). */
const campaignOf = (id: RawBuilder<unknown>) => sql`'newsletter-' || cast(${id} as varchar(12))`;

/** A lead row whose stored visit came by the issue's campaign (the attribution's JSON text). */
const leadsOf = (table: "contact_messages" | "newsletter_subscriptions") =>
  sql`(select count(*) from ${sql.table(table)} m
      where m.created_at >= n.sent_at
        and m.visit_attribution like ('%"campaign":"' || ${campaignOf(sql`n.id`)} || '"%'))`;

/** The issues first sent in the period, newest first, with what each brought since. */
export function selectNewsletters({ from, to }: DayRange): RankedQuery<NewsletterRow> {
  const clicks = (filter: RawBuilder<unknown>, counted: RawBuilder<unknown>) =>
    sql`(select ${counted} from newsletter_clicks k where k.newsletter_id = n.id and ${filter})`;
  const campaign = campaignOf(sql`n.id`);
  return (page) => sql<NewsletterRow>`select n.id as id, n.subject as subject,
      (select count(*) from mail_outbox o where o.newsletter_id = n.id and o.state = 'sent')
        as copies,
      ${clicks(sql`k.machine_reason = ''`, sql`count(distinct k.token)`)} as people,
      ${clicks(sql`k.machine_reason = ''`, sql`count(*)`)} as human,
      ${clicks(sql`k.machine_reason <> ''`, sql`count(*)`)} as machine,
      (select coalesce(sum(visits), 0) from visit_day_visits
          where dimension = 'campaign' and day >= substr(n.sent_at, 1, 10) and value = ${campaign})
        + (select count(*) from visit_entries where utm_campaign = ${campaign}) as visits,
      ${leadsOf("newsletter_subscriptions")} as sign_ups,
      ${leadsOf("contact_messages")} as messages
    from newsletters n
    where n.status <> 'draft' and n.sent_at >= ${from} and n.sent_at < ${addDays(to, 1)}
    order by n.sent_at desc, n.id desc ${pageSql(page)}`;
}

/** One issue's links in the order of the issue, each with its clicks by people and machines. */
export function selectNewsletterLinks(newsletterId: number): RankedQuery<NewsletterLinkRow> {
  return (page) => sql<NewsletterLinkRow>`select l.url as url,
      count(distinct case when k.machine_reason = '' then k.token end) as people,
      coalesce(sum(case when k.machine_reason = '' then 1 else 0 end), 0) as human,
      coalesce(sum(case when k.machine_reason <> '' then 1 else 0 end), 0) as machine
    from newsletter_links l
    left join newsletter_clicks k on k.newsletter_id = l.newsletter_id and k.position = l.position
    where l.newsletter_id = ${newsletterId}
    group by l.position, l.url
    order by human desc, l.position ${pageSql(page)}`;
}

/** The issue the links table shows: the one asked for, else the newest sent in the period. */
export async function readChosenIssue(
  db: Db,
  { from, to }: DayRange,
  asked: number | undefined,
): Promise<{ id: number; subject: string } | undefined> {
  let query = db
    .selectFrom("newsletters")
    .select(["id", "subject"])
    .where("status", "<>", "draft")
    .orderBy("sent_at", "desc")
    .orderBy("id", "desc")
    .limit(1);
  query = asked
    ? query.where("id", "=", asked)
    : query.where("sent_at", ">=", from).where("sent_at", "<", addDays(to, 1));
  const row = await query.executeTakeFirst();
  return row && { id: Number(row.id), subject: row.subject };
}
