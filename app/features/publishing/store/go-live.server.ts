// Records a scheduled item going live, and a page coming down at its date: one "Published on
// schedule" (or "Taken down on schedule") Activity entry per item and time, however many processes
// race or restart, since the publication_go_lives row inserted in the entry's transaction is the
// claim. An item due while no server ran is recorded at the next start.
import type { Logger } from "pino";
import {
  type ActivityEntryInput,
  recordActivity,
  scheduleActor,
} from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { trackWork } from "~/platform/loop-monitor.server";
import { getNextPublicationTime } from "./reads.server";
import { type Kind, parseRecord, tableOf } from "./rows.server";

const kinds: readonly Kind[] = ["article", "case-study", "page"];

/**
 * Claims an item's moment (a row of publication_go_lives) and records its Activity entry, dated at
 * that moment, in one transaction; answers false when another process claimed it first.
 */
async function claimOnce(
  db: Db,
  claim: { kind: string; itemId: string; at: string; now: Date },
  entry: ActivityEntryInput,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("publication_go_lives")
      .values({
        kind: claim.kind,
        item_id: claim.itemId,
        publish_at: claim.at,
        recorded_at: claim.now.toISOString(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    // Dated at its moment, which is when visitors first saw the change.
    await recordActivity(trx, entry, new Date(claim.at));
    return true;
  });
}

/**
 * Records every scheduled item whose time has come and is not recorded yet; answers how many this
 * call recorded. A scheduled item is one saved before its publication time (publish_at after
 * updated_at): an item published at once, or edited after it went live, is not one.
 */
export async function recordScheduledGoLives(db: Db, now = new Date()): Promise<number> {
  let recorded = 0;
  for (const kind of kinds) {
    const due = await db
      .selectFrom(tableOf(kind))
      .select(["id", "data", "publish_at"])
      .where("status", "=", "published")
      .where("publish_at", "<=", now.toISOString())
      .where((eb) => eb("publish_at", ">", eb.ref("updated_at")))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("publication_go_lives")
              .select("item_id")
              .where("publication_go_lives.kind", "=", kind)
              .whereRef("publication_go_lives.item_id", "=", `${tableOf(kind)}.id`)
              .whereRef("publication_go_lives.publish_at", "=", `${tableOf(kind)}.publish_at`),
          ),
        ),
      )
      .execute();
    for (const row of due) {
      const publishAt = row.publish_at ?? now.toISOString();
      const claimed = await claimOnce(
        db,
        { kind, itemId: row.id, at: publishAt, now },
        {
          action: "publish-on-schedule",
          actor: scheduleActor,
          target: `${kind} ${row.id}`,
          detail: { title: parseRecord(kind, row.data).title, publishAt },
        },
      );
      if (claimed) recorded++;
    }
  }
  return recorded;
}

/** The claims of pages taken down by their date share the go-lives' table under this kind. */
const takeDownKind = "page-take-down";

/**
 * Records every page whose take-down date has come and is not recorded yet, as "Taken down on
 * schedule" (once, whatever processes race or restart); answers how many this call recorded. Only
 * a date set before it came counts: a page saved with a past date was taken down by that save.
 */
export async function recordScheduledTakeDowns(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom(tableOf("page"))
    .select(["id", "data", "updated_at"])
    .where("status", "=", "published")
    .where("data", "like", '%"unpublishAt"%')
    .execute();
  let recorded = 0;
  for (const row of rows) {
    const page = parseRecord("page", row.data);
    const at = page.unpublishAt;
    if (!at || Date.parse(at) > now.getTime() || Date.parse(at) <= Date.parse(row.updated_at)) {
      continue;
    }
    const claimed = await claimOnce(
      db,
      { kind: takeDownKind, itemId: row.id, at, now },
      {
        action: "take-down-on-schedule",
        actor: scheduleActor,
        target: `page ${row.id}`,
        detail: { title: page.title, unpublishAt: at, sendsTo: page.unpublishTo || "410 Gone" },
      },
    );
    if (claimed) recorded++;
  }
  return recorded;
}

export type GoLiveRecorder = { stop: () => Promise<void> };

/** How often the recorder looks anyway: a schedule saved on another server does not wake it. */
export const goLivePollIntervalMs = 15_000;

/**
 * Runs recordScheduledGoLives now (what came due while the server was down), then at the next
 * publication time and at least every pollIntervalMs, until stopped.
 */
export function startGoLiveRecorder(
  { db, logger }: { db: Db; logger: Logger },
  { pollIntervalMs = goLivePollIntervalMs } = {},
): GoLiveRecorder {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const runPass = () => {
    if (stopped) return;
    running = (async () => {
      let delay = pollIntervalMs;
      const done = trackWork("job: record scheduled publications");
      try {
        await recordScheduledGoLives(db);
        await recordScheduledTakeDowns(db);
        const next = await getNextPublicationTime(db);
        // A little after the time itself, so the item is due when the pass runs.
        if (next) delay = Math.min(delay, Math.max(0, next.getTime() - Date.now()) + 50);
      } catch (error) {
        // The database may be briefly away; the next pass catches up.
        logDatabaseError(logger, error, "Recording scheduled publications failed");
      } finally {
        done();
      }
      if (stopped) return;
      timer = setTimeout(runPass, delay);
      timer.unref();
    })();
  };

  runPass();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
