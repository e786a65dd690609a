// Reading the articles and case studies store: what visitors may see (published, and time come),
// every item for the admin screens, the next scheduled time and which items use which image.
import type { Transaction } from "kysely";
import { listBlockImages } from "~/capabilities/blocks/page-blocks";
import type { ImageUse } from "~/capabilities/media/image-uses.server";
import type { Db, Tables } from "~/platform/db/tables.server";
import { formatDate, toZonedInput } from "~/platform/format-time";
import { kindTexts } from "../kind-texts";
import { getEffectiveStatus, hasEnded, type PublicationRecord } from "../schema";
import {
  getArticleTime,
  type Kind,
  parseRecord,
  type Row,
  type StoredPublication,
  selectRow,
  selectRows,
  tableOf,
  toStored,
} from "./rows.server";

/**
 * A visible record with its date as the site time zone has it: an article published at 23:30 UTC
 * is already the next day in Berlin. Rows stored with a date only (the seeded articles, whose
 * time is midnight UTC of their date) keep that date in every zone.
 */
export function toZonedRecord<K extends Kind>(
  kind: K,
  record: PublicationRecord[K],
  publishAt: string | null,
  timeZone: string | undefined,
): PublicationRecord[K] {
  if (kind !== "article" || !timeZone || !publishAt) return record;
  const article = record as PublicationRecord["article"];
  if (publishAt === `${article.publishedAt}T00:00:00.000Z`) return record;
  return {
    ...article,
    date: formatDate(publishAt, timeZone),
    publishedAt: toZonedInput(publishAt, timeZone).slice(0, 10),
  } as PublicationRecord[K];
}

function readZonedRecord<K extends Kind>(
  kind: K,
  row: Pick<Row, "data" | "publish_at">,
  timeZone: string | undefined,
): PublicationRecord[K] {
  return toZonedRecord(kind, parseRecord(kind, row.data), row.publish_at, timeZone);
}

/** What visitors see: published items whose time has come, in the kind's order. */
export async function listVisible<K extends Kind>(
  db: Db,
  kind: K,
  now = new Date(),
  timeZone?: string,
): Promise<PublicationRecord[K][]> {
  const rows = await selectRows(db, kind, now);
  return rows.map((row) => readZonedRecord(kind, row, timeZone));
}

/** One item as visitors see it, or undefined when it is missing, a draft or not yet due. */
export async function getVisible<K extends Kind>(
  db: Db,
  kind: K,
  id: string,
  now = new Date(),
  timeZone?: string,
): Promise<PublicationRecord[K] | undefined> {
  const row = await db
    .selectFrom(tableOf(kind))
    .select(["data", "status", "publish_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || getEffectiveStatus(row.status, row.publish_at, now) !== "published") return undefined;
  const record = readZonedRecord(kind, row, timeZone);
  if (kind === "page" && hasEnded(record as PublicationRecord["page"], now)) return undefined;
  return record;
}

/**
 * A published page taken down by its date: where it sends visitors ("" = it answers 410 Gone), or
 * undefined when no page at the address has come down.
 */
export async function findEndedPage(
  db: Db,
  id: string,
  now = new Date(),
): Promise<{ unpublishTo: string } | undefined> {
  const row = await selectRow(db, "page", id);
  if (!row || getEffectiveStatus(row.status, row.publish_at, now) !== "published") return undefined;
  const page = parseRecord("page", row.data);
  return hasEnded(page, now) ? { unpublishTo: page.unpublishTo ?? "" } : undefined;
}

/** The next time a published page comes down by its date. */
async function getNextUnpublishTime(db: Db, now: Date): Promise<string | undefined> {
  // Most pages have no date: only those whose text names one are read.
  const rows = await db
    .selectFrom(tableOf("page"))
    .select("data")
    .where("status", "=", "published")
    .where("data", "like", '%"unpublishAt"%')
    .execute();
  return rows
    .map((row) => parseRecord("page", row.data).unpublishAt)
    .filter((iso): iso is string => iso !== undefined && Date.parse(iso) > now.getTime())
    .sort()[0];
}

/** Every item, whatever its status, for the admin list and the image library. */
export async function listForAdmin<K extends Kind>(
  db: Db,
  kind: K,
  now = new Date(),
): Promise<StoredPublication<K>[]> {
  const rows = await selectRows(db, kind);
  return rows.map((row) => toStored(kind, row, now));
}

export async function getForAdmin<K extends Kind>(
  db: Db | Transaction<Tables>,
  kind: K,
  id: string,
  now = new Date(),
): Promise<StoredPublication<K> | undefined> {
  const row = await selectRow(db, kind, id);
  return row ? toStored(kind, row, now) : undefined;
}

/**
 * The next time a scheduled item becomes visible or a page comes down by its date, for pages that
 * must change then.
 */
export async function getNextPublicationTime(db: Db, now = new Date()): Promise<Date | undefined> {
  const iso = now.toISOString();
  const times = await Promise.all(
    (["article", "case-study", "page"] as const).map((kind) =>
      db
        .selectFrom(tableOf(kind))
        .select((eb) => eb.fn.min("publish_at").as("next"))
        .where("status", "=", "published")
        .where("publish_at", ">", iso)
        .executeTakeFirst(),
    ),
  );
  const next = [...times.map((row) => row?.next), await getNextUnpublishTime(db, now)]
    .filter((value): value is string => typeof value === "string")
    .map((value) => new Date(value).toISOString())
    .sort()[0];
  return next ? new Date(next) : undefined;
}

/** Which items use which image, whatever their status: a draft's cover is in use too. */
export async function listImageUses(db: Db): Promise<ImageUse[]> {
  const [articles, caseStudies, pages] = await Promise.all([
    listForAdmin(db, "article"),
    listForAdmin(db, "case-study"),
    listForAdmin(db, "page"),
  ]);
  // The cover, and every image placed in the text (the site's own images only).
  const imagesOf = (record: { imageUrl: string; body: string }) => [
    record.imageUrl,
    ...[...record.body.matchAll(/<img [^>]*?src="(\/images\/[^"]+)"/g)].map(([, url]) => url),
  ];
  return [
    ...caseStudies.flatMap(({ record }) =>
      imagesOf(record).map((url) => ({
        url,
        label: `Case study: ${record.title}`,
        href: `/admin/case-studies/${record.id}`,
      })),
    ),
    ...articles.flatMap(({ record }) =>
      imagesOf(record).map((url) => ({
        url,
        label: `Article: ${record.title}`,
        href: `/admin/articles/${record.id}`,
      })),
    ),
    ...pages.flatMap(({ record }) =>
      listBlockImages(record.blocks).map((url) => ({
        url,
        label: `Page: ${record.title}`,
        href: kindTexts.page.adminItemPath(record.id),
      })),
    ),
  ].filter((use): use is ImageUse => Boolean(use.url));
}

export type VisibleEntry<K extends Kind> = {
  record: PublicationRecord[K];
  publishedAt: string;
  updatedAt: string;
};

/** Visible items with their publication and last-change times, for the feed and the sitemap. */
export async function listVisibleEntries<K extends Kind>(
  db: Db,
  kind: K,
  now = new Date(),
  /** Only these items, when the reader needs a few (the menus' links). */
  ids?: readonly string[],
): Promise<VisibleEntry<K>[]> {
  const rows = await selectRows(db, kind, now, ids);
  return rows.map((row) => {
    const publishedAt = new Date(
      kind === "article" ? getArticleTime(row) : (row.publish_at ?? row.updated_at),
    ).toISOString();
    const updatedAt = new Date(row.updated_at).toISOString();
    return {
      record: parseRecord(kind, row.data),
      publishedAt,
      // A seeded row is "updated" when it was stored, before its publication date: never earlier.
      updatedAt: updatedAt.localeCompare(publishedAt) > 0 ? updatedAt : publishedAt,
    };
  });
}

/** Each visible article's and case study's public path with its title (Insights, the inbox). */
export async function listPageTitles(
  db: Db,
): Promise<Map<string, { kind: string; title: string }>> {
  const [articles, caseStudies] = await Promise.all([
    listVisible(db, "article"),
    listVisible(db, "case-study"),
  ]);
  const titles = new Map<string, { kind: string; title: string }>();
  for (const item of articles)
    titles.set(`/blog/${item.id}`, { kind: "article", title: item.title });
  for (const item of caseStudies) {
    titles.set(`/case-studies/${item.id}`, { kind: "case study", title: item.title });
  }
  return titles;
}
