// Newsletter clicks written in batches: each one judged by the human checks against its copy's
// hand-over time and the copy's other clicks around it (a burst makes every click in it a
// machine's, those written before included). A click of a copy erased meanwhile is dropped.
import type { Db } from "~/platform/db/tables.server";
import {
  type ClickTimings,
  findBursts,
  type MachineReason,
  readMachineReason,
} from "./human-click";

export type PendingClick = {
  token: string;
  newsletterId: number;
  position: number;
  method: string;
  userAgent: string | undefined;
  at: number;
};

/** Clicks written before a batch that its burst check reads, at most. */
const maxWrittenRead = 2_000;

/** Each copy's hand-over to the mail server (null while not handed over), by token. */
async function readHandovers(db: Db, tokens: string[]): Promise<Map<string, number | null>> {
  const rows = await db
    .selectFrom("newsletter_copies as c")
    .innerJoin("newsletter_subscriptions as s", "s.id", "c.subscriber_id")
    // Copies go to the subscription's address as stored (lower case): one indexed lookup each.
    .leftJoin("mail_outbox as o", (join) =>
      join.onRef("o.newsletter_id", "=", "c.newsletter_id").onRef("o.recipient", "=", "s.email"),
    )
    .select(["c.token", "o.sent_at"])
    .where("c.token", "in", tokens)
    .execute();
  return new Map(rows.map((row) => [row.token, row.sent_at ? Date.parse(row.sent_at) : null]));
}

export async function writeClicks(
  db: Db,
  batch: readonly PendingClick[],
  timings: ClickTimings,
): Promise<void> {
  const tokens = [...new Set(batch.map((click) => click.token))];
  const handovers = await readHandovers(db, tokens);
  const kept = batch.filter((click) => handovers.has(click.token));
  if (kept.length === 0) return;
  const earliest = Math.min(...kept.map((click) => click.at)) - timings.burstMs;
  const written = await db
    .selectFrom("newsletter_clicks")
    .select(["id", "token", "position", "clicked_at", "machine_reason"])
    .where("token", "in", tokens)
    .where("clicked_at", ">=", new Date(earliest).toISOString())
    // Enough for any burst; a flood on one copy is a machine's without reading all of it.
    .orderBy("clicked_at", "desc")
    .limit(maxWrittenRead)
    .execute();
  const reasons: (MachineReason | undefined)[] = kept.map((click) =>
    readMachineReason(
      {
        method: click.method,
        userAgent: click.userAgent,
        at: click.at,
        handedOverAt: handovers.get(click.token) ?? null,
      },
      timings,
    ),
  );
  const nowMachine: number[] = [];
  // Grouped by copy once: a batch holds up to 200 copies and reads up to 2,000 rows.
  const writtenByToken = Map.groupBy(written, (row) => row.token);
  const freshByToken = Map.groupBy(kept.keys(), (index) => kept[index]?.token ?? "");
  for (const token of tokens) {
    const before = writtenByToken.get(token) ?? [];
    const fresh = freshByToken.get(token) ?? [];
    const clicks = [
      ...before.map((row) => ({ position: Number(row.position), at: Date.parse(row.clicked_at) })),
      ...fresh.map((index) => kept[index] ?? { position: 0, at: 0 }),
    ];
    for (const at of findBursts(clicks, timings.burstMs)) {
      if (at < before.length) {
        const row = before[at];
        if (row?.machine_reason === "") nowMachine.push(Number(row.id));
      } else {
        const index = fresh[at - before.length] ?? -1;
        reasons[index] ??= "burst";
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    if (nowMachine.length > 0) {
      await trx
        .updateTable("newsletter_clicks")
        .set({ machine_reason: "burst" })
        .where("id", "in", nowMachine)
        .execute();
    }
    await trx
      .insertInto("newsletter_clicks")
      .values(
        kept.map((click, index) => {
          const clickedAt = new Date(click.at).toISOString();
          return {
            day: clickedAt.slice(0, 10),
            clicked_at: clickedAt,
            newsletter_id: click.newsletterId,
            position: click.position,
            token: click.token,
            machine_reason: reasons[index] ?? "",
          };
        }),
      )
      .execute();
  });
}
