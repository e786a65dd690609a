// The content store: the site content document as numbered revisions (a save adds one, older ones
// stay).
import { sql } from "kysely";
import { dropUnsafeBlockLinks } from "~/capabilities/blocks/page-blocks";
import { type AdminRole, isRoleAllowed } from "~/platform/admin-roles";
import { markDataChanged } from "~/platform/data-version.server";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db } from "~/platform/db/tables.server";
import { defaultContent } from "./default-content";
import {
  defaultNavigation,
  guessProfileNetwork,
  isSameProfileUrl,
  maxProfiles,
  profileLinkSchema,
} from "./navigation";
import { type ContentSection, contentSchema, ownerOnlySections, type SiteContent } from "./schema";
import { keepServiceAddresses } from "./service-addresses.server";

export type ContentRevision = { content: SiteContent; version: number };

export class ContentConflictError extends Error {
  override name = "ContentConflictError";
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super("The content was changed by someone else since you loaded it");
    this.currentVersion = currentVersion;
  }
}

type Stored = Record<string, unknown>;

const isStored = (value: unknown): value is Stored =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * A document stored before profile links kept one with the contact details (`profileUrl`): it
 * becomes the first profile link, unless one goes there already, and leaves the contact details.
 */
function moveContactProfile(raw: Stored): Stored {
  const contact = raw.contact;
  if (!isStored(contact) || !("profileUrl" in contact)) return raw;
  const { profileUrl, ...rest } = contact;
  // Stored before the menus existed: the old link is the only profile, not the default's.
  const navigation = isStored(raw.navigation)
    ? raw.navigation
    : { ...defaultNavigation, profiles: [] };
  const profiles: unknown[] = Array.isArray(navigation.profiles) ? navigation.profiles : [];
  const url = profileLinkSchema.shape.url.safeParse(profileUrl);
  const known = profiles.some(
    (profile) =>
      isStored(profile) &&
      typeof profile.url === "string" &&
      url.success &&
      isSameProfileUrl(profile.url, url.data),
  );
  const moved =
    url.success && !known && profiles.length < maxProfiles
      ? [{ network: guessProfileNetwork(url.data), url: url.data, label: "" }, ...profiles]
      : profiles;
  return { ...raw, contact: rest, navigation: { ...navigation, profiles: moved } };
}

/**
 * The previous release knows no "system" font and refuses a document naming one (every page 503),
 * so a stored brand names Inter, what sites drew in before it, and lists the fonts that are the
 * system font in a field that release drops. Stored so until no release in use lacks the choice.
 */
const fontFields = ["headingFont", "bodyFont"] as const;
const fontBeforeSystem = "inter";

/** The document as it is stored: readable by this release and the previous one. */
export function serializeContent(content: SiteContent): string {
  const systemFonts = fontFields.filter((field) => content.brand[field] === "system");
  if (systemFonts.length === 0) return JSON.stringify(content);
  const legacy = Object.fromEntries(systemFonts.map((field) => [field, fontBeforeSystem]));
  return JSON.stringify({ ...content, brand: { ...content.brand, ...legacy, systemFonts } });
}

/** The stored brand's system fonts back in their fields. */
function readSystemFonts(raw: Stored): Stored {
  const brand = raw.brand;
  if (!isStored(brand) || !("systemFonts" in brand)) return raw;
  const { systemFonts, ...rest } = brand;
  const fields = Array.isArray(systemFonts) ? systemFonts : [];
  const restored = fontFields.filter((field) => fields.includes(field));
  return { ...raw, brand: { ...rest, ...Object.fromEntries(restored.map((f) => [f, "system"])) } };
}

/** An editor's save that would change a section only an owner may change; nothing is written. */
export class OwnerOnlySectionError extends Error {
  override name = "OwnerOnlySectionError";
  readonly section: ContentSection;
  constructor(section: ContentSection) {
    super(`Only an owner can change the content's ${section}`);
    this.section = section;
  }
}

/**
 * Reads a stored document over the defaults, section by section, so that a field added to the
 * schema later gets its default instead of failing the old document; a field that moved is
 * carried to its new place, and a block link saved before its check is left empty.
 */
export function normalizeContent(stored: unknown): SiteContent {
  const raw = readSystemFonts(moveContactProfile(isStored(stored) ? stored : {}));
  const merged: Stored = Object.fromEntries(
    Object.entries(defaultContent).map(([section, defaults]) => {
      const value = raw[section];
      return [section, value && typeof value === "object" ? { ...defaults, ...value } : defaults];
    }),
  );
  const extra = merged.extraBlocks;
  if (isStored(extra)) {
    merged.extraBlocks = Object.fromEntries(
      Object.entries(extra).map(([page, blocks]) => [page, dropUnsafeBlockLinks(blocks)]),
    );
  }
  return contentSchema.parse(merged);
}

const parsedRevisions = new WeakMap<Db, ContentRevision>();

/** The current content revision; parsing is skipped when the version has not changed. */
export async function readContent(db: Db): Promise<ContentRevision> {
  const row = await db
    .selectFrom("content_revisions")
    .select(["id", "document"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return { content: defaultContent, version: 0 };
  const cached = parsedRevisions.get(db);
  if (cached?.version === row.id) return cached;
  const revision = { content: normalizeContent(JSON.parse(row.document)), version: row.id };
  parsedRevisions.set(db, revision);
  return revision;
}

/**
 * Saves the given sections over the current document as a new revision. With expectedVersion, a
 * document changed since then is refused with ContentConflictError and nothing is written.
 */
export async function saveContent(
  db: Db,
  sections: Partial<SiteContent>,
  options: {
    expectedVersion?: number | undefined;
    author?: string;
    /** Who saves: an editor may send an owner's section only unchanged (the whole document). */
    role?: AdminRole;
    /** An editor's changed owner's section: refused (a save), or kept as it is now (a restore). */
    ownerOnly?: "refuse" | "keep";
    /** Runs in the save's transaction (the activity log's entry, for one). */
    onSaved?: (trx: Db, revision: ContentRevision) => Promise<void>;
  } = {},
): Promise<ContentRevision> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    if (getDialectName(trx) === "postgres") {
      // Serializes saves so two editors cannot both build on the same revision.
      await sql`lock table content_revisions in share row exclusive mode`.execute(trx);
    }
    const current = await readContent(trx);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw new ContentConflictError(current.version);
    }
    const isEditor = options.role !== undefined && !isRoleAllowed(options.role, "owner");
    const kept =
      isEditor && options.ownerOnly === "keep"
        ? Object.fromEntries(
            ownerOnlySections.map((section) => [section, current.content[section]]),
          )
        : {};
    const content = contentSchema.parse({ ...current.content, ...sections, ...kept });
    if (isEditor) {
      const changed = ownerOnlySections.find(
        (section) => JSON.stringify(content[section]) !== JSON.stringify(current.content[section]),
      );
      if (changed) throw new OwnerOnlySectionError(changed);
    }
    await keepServiceAddresses(trx, current.content.services.items, content.services.items, now);
    const inserted = await trx
      .insertInto("content_revisions")
      .values({
        document: serializeContent(content),
        created_at: now.toISOString(),
        author: options.author ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const revision = { content, version: inserted.id };
    await options.onSaved?.(trx, revision);
    await markDataChanged(trx, "content");
    await pruneRevisions(trx);
    return revision;
  });
}

/** History keeps every revision of the last 90 days and, whatever their age, the last 50. */
export const revisionRetention = { days: 90, keepAtLeast: 50 };

async function pruneRevisions(trx: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - revisionRetention.days * 24 * 60 * 60 * 1000);
  const oldestKept = await trx
    .selectFrom("content_revisions")
    .select("id")
    .orderBy("id", "desc")
    .offset(revisionRetention.keepAtLeast - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  await trx
    .deleteFrom("content_revisions")
    .where("id", "<", oldestKept.id)
    .where("created_at", "<", cutoff.toISOString())
    .execute();
}

/**
 * The images the content document names, for the media library. The content has no image fields
 * today; any text that names an image still counts as a use.
 */
export async function listContentImageUses(
  db: Db,
): Promise<{ url: string; label: string; href: string }[]> {
  const { content } = await readContent(db);
  return [...JSON.stringify(content).matchAll(/\/images\/[\w./-]+/g)].map(([url]) => ({
    url,
    label: "Site content",
    href: "/content",
  }));
}
