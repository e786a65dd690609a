// One subscriber's clicks, for their data export, and their erasure: clicks and copy tokens go,
// so the links in the copies they were sent answer 404 from then on.
import type { Db } from "~/platform/db/tables.server";
import { type MachineReason, machineReasonLabels } from "./human-click";

export async function listSubscriberClicks(db: Db, subscriberId: number) {
  const rows = await db
    .selectFrom("newsletter_clicks as k")
    .innerJoin("newsletter_copies as c", "c.token", "k.token")
    .leftJoin("newsletters as n", "n.id", "k.newsletter_id")
    .leftJoin("newsletter_links as l", (join) =>
      join.onRef("l.newsletter_id", "=", "k.newsletter_id").onRef("l.position", "=", "k.position"),
    )
    .select(["n.subject", "l.url", "k.clicked_at", "k.machine_reason"])
    .where("c.subscriber_id", "=", subscriberId)
    .orderBy("k.clicked_at")
    .execute();
  return rows.map((row) => ({
    newsletter: row.subject ?? "",
    link: row.url ?? "",
    clickedAt: row.clicked_at,
    countedAs: row.machine_reason
      ? `machine: ${machineReasonLabels[row.machine_reason as MachineReason] ?? row.machine_reason}`
      : "person",
  }));
}

/** Deletes a subscriber's clicks and copy tokens (inside the erasure's transaction). */
export async function eraseSubscriberClicks(trx: Db, subscriberId: number): Promise<void> {
  const tokens = trx
    .selectFrom("newsletter_copies")
    .select("token")
    .where("subscriber_id", "=", subscriberId);
  await trx.deleteFrom("newsletter_clicks").where("token", "in", tokens).execute();
  await trx.deleteFrom("newsletter_copies").where("subscriber_id", "=", subscriberId).execute();
}
