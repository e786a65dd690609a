// Writing the articles and case studies: drafts, schedules, moved slugs kept as 301s, every save a
// revision, If-Match versions so a concurrent edit is refused, not lost. Each write logs its
// activity and marks the data changed in the same transaction.
import type { Insertable, Transaction } from "kysely";
import {
  dropRedirects,
  moveSlugRedirects,
} from "~/capabilities/old-addresses/old-addresses.server";
import type { Actor } from "~/platform/activity/activity.server";
import { recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import type { CaseStudyTable, Db, Tables } from "~/platform/db/tables.server";
import { toFieldErrors } from "~/platform/field-errors";
import {
  findPublishingIssues,
  getEffectiveStatus,
  kindFields,
  type PublicationInput,
  toPublicationInput,
  toPublicationRecord,
} from "../schema";
import { getForAdmin } from "./reads.server";
import { getRevisionRecord, insertRevision } from "./revisions.server";
import {
  type Kind,
  kindSpecs,
  parseRecord,
  type StoredPublication,
  selectRow,
  tableOf,
  toStored,
} from "./rows.server";

/** Refused input, with a message per field (the API answers 400 with them). */
export class PublicationInputError extends Error {
  override name = "PublicationInputError";
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? "Invalid input");
    this.errors = errors;
  }
}

export class PublicationConflictError extends Error {
  override name = "PublicationConflictError";
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super("This item was changed by someone else since you loaded it");
    this.currentVersion = currentVersion;
  }
}

export class PublicationNotFoundError extends Error {
  override name = "PublicationNotFoundError";
}

/**
 * The stored publish_at of a save: a draft keeps the time it was given; scheduling needs a time
 * ahead (or the unchanged one, so a save racing the publication is not refused); publishing takes
 * the given past time or now.
 */
function resolvePublishAt(
  input: { status: string; publishAt: string },
  previous: string | null,
  now: Date,
): string | null {
  const given = input.publishAt ? new Date(input.publishAt).toISOString() : null;
  if (input.status === "draft") return given;
  if (input.status === "scheduled") {
    if (given && (given > now.toISOString() || given === previous)) return given;
    throw new PublicationInputError({ publishAt: "Choose a date and time in the future" });
  }
  if (given && given > now.toISOString()) {
    throw new PublicationInputError({
      publishAt:
        "A publication date in the future means Scheduled: choose Scheduled or an earlier date",
    });
  }
  return given ?? now.toISOString();
}

/**
 * Refuses to publish or schedule an incomplete item. The API's schema checks its input already;
 * this also holds for a restored revision, which may be an old draft's text.
 */
function requirePublishable<K extends Kind>(kind: K, input: PublicationInput[K]) {
  const issues = findPublishingIssues(kindFields[kind], input);
  if (issues.length > 0) {
    throw new PublicationInputError(toFieldErrors(issues));
  }
}

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "23505" || (typeof message === "string" && /UNIQUE constraint failed/i.test(message))
  );
}

const slugTaken = () =>
  new PublicationInputError({ slug: "Another item already uses this URL slug: choose another" });

/** Moves the old addresses of an item to its new slug (chains collapse to one hop). */
async function moveSlug(
  trx: Transaction<Tables>,
  kind: Kind,
  oldId: string,
  newId: string,
  now: Date,
) {
  await moveSlugRedirects(trx, kind, oldId, newId, now);
  await trx
    .updateTable("publication_revisions")
    .set({ item_id: newId })
    .where("kind", "=", kind)
    .where("item_id", "=", oldId)
    .execute();
}

/** Who saves, for the revision's author and the activity log (recorded in the same transaction). */
export type SaveOptions = { actor: Actor; now?: Date };

async function recordChange(
  trx: Transaction<Tables>,
  kind: Kind,
  action: "save" | "restore" | "delete",
  actor: Actor,
  target: string,
  detail: Record<string, unknown>,
) {
  await recordActivity(trx, {
    action: action === "delete" ? "delete" : `${kind}-${action}`,
    actor,
    target: `${kind} ${target}`,
    detail,
  });
}

/** Creates an item; its slug must be free (an old slug of another item may be taken over). */
export async function createPublication<K extends Kind>(
  db: Db,
  kind: K,
  input: PublicationInput[K],
  options: SaveOptions & { action?: "save" | "restore" },
): Promise<StoredPublication<K>> {
  const action = options.action ?? "save";
  const now = options.now ?? new Date();
  requirePublishable(kind, input);
  const publishAt = resolvePublishAt(input, null, now);
  const record = toPublicationRecord[kind](input, publishAt ?? now.toISOString());
  try {
    return await db.transaction().execute(async (trx) => {
      if (await getForAdmin(trx, kind, input.slug, now)) throw slugTaken();
      const last = await trx
        .selectFrom(tableOf(kind))
        .select((eb) => eb.fn.max("position").as("position"))
        .executeTakeFirst();
      // A deleted item's revisions stay: the new one continues their numbering.
      const previous = await trx
        .selectFrom("publication_revisions")
        .select((eb) => eb.fn.max("version").as("version"))
        .where("kind", "=", kind)
        .where("item_id", "=", input.slug)
        .executeTakeFirst();
      const row = {
        id: input.slug,
        position: Number(last?.position ?? -1) + 1,
        data: JSON.stringify(record),
        status: input.status === "draft" ? "draft" : "published",
        publish_at: publishAt,
        version: Number(previous?.version ?? 0) + 1,
        updated_at: now.toISOString(),
      };
      await trx
        .insertInto(tableOf(kind))
        .values({ ...row, ...kindSpecs[kind].extraColumns(record) } as Insertable<CaseStudyTable>)
        .execute();
      await dropRedirects(trx, kind, { from: input.slug });
      await insertRevision(trx, kind, row, action, options.actor.email, now);
      await recordChange(trx, kind, action, options.actor, row.id, {
        status: getEffectiveStatus(row.status, row.publish_at, now),
        title: record.title,
        created: true,
      });
      await markDataChanged(trx, kindSpecs[kind].table);
      return toStored(kind, row, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Writes a new version of an existing item. With expectedVersion, a row changed since then is
 * refused with PublicationConflictError and nothing is written.
 */
export async function updatePublication<K extends Kind>(
  db: Db,
  kind: K,
  id: string,
  input: PublicationInput[K],
  options: SaveOptions & { expectedVersion?: number | undefined; action?: "save" | "restore" },
): Promise<StoredPublication<K>> {
  const now = options.now ?? new Date();
  requirePublishable(kind, input);
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await selectRow(trx, kind, id);
      if (!current) throw new PublicationNotFoundError(`No ${kind} ${id}`);
      if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
        throw new PublicationConflictError(current.version);
      }
      const publishAt = resolvePublishAt(input, current.publish_at, now);
      const record = toPublicationRecord[kind](input, publishAt ?? now.toISOString());
      if (input.slug !== id && (await getForAdmin(trx, kind, input.slug, now))) throw slugTaken();
      const hasRevision = await trx
        .selectFrom("publication_revisions")
        .select("id")
        .where("kind", "=", kind)
        .where("item_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      // Seeded rows have no revision yet: keep what they were before the first edit.
      if (!hasRevision) await insertRevision(trx, kind, current, "original", null, now);
      const row = {
        id: input.slug,
        data: JSON.stringify(record),
        status: input.status === "draft" ? "draft" : "published",
        publish_at: publishAt,
        version: current.version + 1,
        updated_at: now.toISOString(),
      };
      // The version in the WHERE makes the check and the write one step on both engines.
      const result = await trx
        .updateTable(tableOf(kind))
        .set({ ...row, ...kindSpecs[kind].extraColumns(record) })
        .where("id", "=", id)
        .where("version", "=", current.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1)
        throw new PublicationConflictError(current.version + 1);
      if (input.slug !== id) await moveSlug(trx, kind, id, input.slug, now);
      const action = options.action ?? "save";
      await insertRevision(trx, kind, row, action, options.actor.email, now);
      await recordChange(trx, kind, action, options.actor, row.id, {
        status: getEffectiveStatus(row.status, row.publish_at, now),
        title: record.title,
        ...(row.id !== id ? { previousSlug: id } : {}),
      });
      await markDataChanged(trx, kindSpecs[kind].table);
      return toStored(kind, { ...current, ...row }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Deletes an item; its revisions stay (History can bring it back), its old addresses go. */
export async function deletePublication(
  db: Db,
  kind: Kind,
  id: string,
  options: SaveOptions & { expectedVersion?: number | undefined },
): Promise<void> {
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const current = await selectRow(trx, kind, id);
    if (!current) throw new PublicationNotFoundError(`No ${kind} ${id}`);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw new PublicationConflictError(current.version);
    }
    await trx
      .deleteFrom(tableOf(kind))
      .where("id", "=", id)
      .where("version", "=", current.version)
      .execute();
    await dropRedirects(trx, kind, { to: id });
    await insertRevision(
      trx,
      kind,
      { ...current, version: current.version + 1 },
      "delete",
      options.actor.email,
      now,
    );
    await recordChange(trx, kind, "delete", options.actor, id, {
      title: parseRecord(kind, current.data).title,
    });
    await markDataChanged(trx, kindSpecs[kind].table);
  });
}

/**
 * Saves a revision's text as a new version: status, publication time and slug stay as they are.
 * An item deleted since comes back as a draft; with `address`, the text comes back as a new draft
 * there instead (its own address is another item's now).
 */
export async function restorePublication<K extends Kind>(
  db: Db,
  kind: K,
  id: string,
  revisionId: number,
  options: SaveOptions & { expectedVersion?: number | undefined; address?: string | undefined },
): Promise<StoredPublication<K>> {
  const revision = await getRevisionRecord(db, kind, revisionId);
  if (!revision || revision.itemId !== id) {
    throw new PublicationNotFoundError("That revision does not exist");
  }
  const toInput = toPublicationInput[kind];
  const asDraft = () => toInput(revision.record, { status: "draft", publishAt: null });
  const restoreAt = (slug: string) =>
    createPublication(db, kind, { ...asDraft(), slug }, { ...options, action: "restore" });
  if (options.address !== undefined) return restoreAt(options.address);
  const current = await getForAdmin(db, kind, id, options.now);
  if (!current) return restoreAt(id);
  const input = toInput(revision.record, current);
  return updatePublication(db, kind, id, { ...input, slug: id }, { ...options, action: "restore" });
}
