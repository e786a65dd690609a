// An article and a case study: what is stored and shown (the record), what the admin sends to
// write one (the input, shared by the editor's inline errors and the JSON API's 400), and the rules
// between them (status, slug, display date). The kinds' own fields come from publication-fields.ts.

import {
  blocksSchema,
  findMissingBlockFields,
  pageBlocksInputSchema,
} from "~/capabilities/blocks/page-blocks";
import {
  buildTableShape,
  createEmptyValues,
  type Field,
  findMissingFieldValues,
  type MissingFieldValue,
} from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import {
  defaultSeoSettings,
  libraryImagePath,
  pickSeoSettings,
  seoSettingsShape,
} from "~/platform/seo/seo-settings";
import { toSlug } from "~/platform/slug";
import { tooLongMessage, z } from "~/platform/zod";
import {
  articleFields,
  caseStudyFields,
  computeReadTime,
  copyStoredFields,
  toInitials,
} from "./publication-fields";

export const publicationKinds = ["article", "case-study", "page"] as const;
export type PublicationKind = (typeof publicationKinds)[number];

/** Scheduled is "published, at a time still ahead": it turns into published by itself. */
export const publicationStatuses = ["draft", "scheduled", "published"] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

export const statusLabels: Record<PublicationStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));
const required = (max: number, label: string) => text(max).min(1, `${label} is required`);

export const idSchema = text(120).regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  "Use lowercase letters, digits and hyphens",
);
/**
 * A page's address: a slug, or two ("campaigns/m365-audit") for an address one level deeper. Each
 * level follows the slug rule; the reserved words apply to each (page-address.ts).
 */
export const pageSlugSchema = text(200).regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/,
  "Use lowercase letters, digits and hyphens, and at most one / for an address one level deeper",
);

/** Images are served by the site itself: a path under /images/, or "" for none (placeholder). */
export const imagePath = libraryImagePath;

/** The cover as the link-card image (publication-fields.ts); absent (older items) = off. */
const coverAsCardImage = z.boolean().optional();

const { authorName: authorNameSchema, ...articleRecordFields } = buildTableShape(
  articleFields,
  "stored",
);
/** An article as stored and shown on the blog. */
export const articleSchema = z.object({
  id: idSchema,
  title: text(200).min(1),
  ...articleRecordFields,
  imageUrl: imagePath,
  imageAlt: text(300),
  author: z.object({ name: authorNameSchema, initials: text(4) }),
  /** Display text such as "Mar 16, 2023", as the blog shows it. */
  date: text(40),
  /** ISO date of publication; orders the blog and feeds the sitemap. */
  publishedAt: z.iso.date(),
  body: richText,
  ...seoSettingsShape,
  coverAsCardImage,
});
export type Article = z.infer<typeof articleSchema>;

const { testimonial: testimonialSchema, ...caseStudyRecordFields } = buildTableShape(
  caseStudyFields,
  "stored",
);
/** A case study as stored and shown on its page. */
export const caseStudySchema = z.object({
  id: idSchema,
  title: text(200).min(1),
  ...caseStudyRecordFields,
  imageUrl: imagePath,
  imageAlt: text(300),
  testimonial: testimonialSchema.extend({ initials: text(4) }),
  body: richText,
  ...seoSettingsShape,
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

export const unpublishTargetMessage =
  "Use an address on this site (/services) or a full link (https://...), or leave it empty";
/** Where a page sends visitors once taken down: "" = nowhere (410 Gone), a site address or a URL. */
const unpublishTarget = text(500).refine(
  (value) => !value || /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https?:\/\/[^\s\\/]+/i.test(value),
  unpublishTargetMessage,
);

/** A page built from blocks, at its own address (/careers). */
export const pageSchema = z.object({
  id: pageSlugSchema,
  title: text(200).min(1),
  blocks: blocksSchema,
  ...seoSettingsShape,
  /** When the page comes down by itself (ISO); absent = it stays. */
  unpublishAt: z.iso.datetime({ offset: true }).optional(),
  /** Where it then sends visitors; "" or absent = it answers 410 Gone. */
  unpublishTo: unpublishTarget.optional(),
});
export type Page = z.infer<typeof pageSchema>;

const publishingFields = {
  slug: idSchema.min(1, "URL slug is required"),
  status: z.enum(publicationStatuses, { message: "Choose Draft, Scheduled or Published" }),
  /** ISO date-time; required when scheduled, optional otherwise ("" = now when publishing). */
  publishAt: z.union([
    z.iso.datetime({ offset: true, message: "Enter a valid date and time" }),
    z.literal(""),
  ]),
  imageUrl: imagePath,
  imageAlt: text(300),
  /** seoDescription "" = the excerpt or summary, fitted to 70-160 characters. */
  ...seoSettingsShape,
};

type PublishingInput = {
  status: PublicationStatus;
  publishAt: string;
  imageUrl?: string;
  imageAlt?: string;
};

/**
 * What an item lacks to be published or scheduled, one issue per field: the kind's required
 * fields and a time for a schedule. A draft needs only its title and slug (the schema's own rules):
 * drafts are never shown publicly. An image needs its description whatever the status: it is
 * part of choosing the image, not of finishing the text.
 */
export function findPublishingIssues(
  fields: readonly Field[],
  value: PublishingInput & FieldValues,
): MissingFieldValue[] {
  const issues = value.status === "draft" ? [] : findMissingFieldValues(fields, value);
  if (value.status !== "draft" && Array.isArray(value.blocks)) {
    issues.push(...findMissingBlockFields(value.blocks));
  }
  if (value.status === "scheduled" && !value.publishAt) {
    issues.push({ path: ["publishAt"], message: "Choose the date and time to publish" });
  }
  if (value.imageUrl && !value.imageAlt) {
    issues.push({ path: ["imageAlt"], message: "Describe the image for people who cannot see it" });
  }
  return issues;
}

/** The publishing rules as a refinement of a kind's input schema. */
function checkPublishing(fields: readonly Field[]) {
  return (value: PublishingInput & FieldValues, ctx: z.RefinementCtx) => {
    for (const issue of findPublishingIssues(fields, value)) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  };
}

export const articleInputSchema = z
  .object({
    ...publishingFields,
    title: required(200, "Title"),
    /** readTime "" = computed from the body. */
    ...buildTableShape(articleFields, "input"),
    body: richText,
    coverAsCardImage,
  })
  .superRefine(checkPublishing(articleFields));
export type ArticleInput = z.infer<typeof articleInputSchema>;

export const caseStudyInputSchema = z
  .object({
    ...publishingFields,
    title: required(200, "Title"),
    ...buildTableShape(caseStudyFields, "input"),
    body: richText,
  })
  .superRefine(checkPublishing(caseStudyFields));
export type CaseStudyInput = z.infer<typeof caseStudyInputSchema>;

const { imageUrl: _imageUrl, imageAlt: _imageAlt, ...pagePublishingFields } = publishingFields;
export const pageInputSchema = z
  .object({
    ...pagePublishingFields,
    slug: pageSlugSchema.min(1, "URL slug is required"),
    title: required(200, "Title"),
    blocks: pageBlocksInputSchema,
    /** "" or absent = the page stays up. */
    unpublishAt: z
      .union([
        z.iso.datetime({ offset: true, message: "Enter a valid date and time" }),
        z.literal(""),
      ])
      .optional(),
    unpublishTo: unpublishTarget.optional(),
  })
  .superRefine(checkPublishing([]))
  .superRefine((value, ctx) => {
    if (value.unpublishAt && value.publishAt && value.unpublishAt <= value.publishAt) {
      ctx.addIssue({
        code: "custom",
        path: ["unpublishAt"],
        message: "Choose a time after the publication",
      });
    }
  });
export type PageInput = z.infer<typeof pageInputSchema>;

export type PublicationInput = {
  article: ArticleInput;
  "case-study": CaseStudyInput;
  page: PageInput;
};
export type PublicationRecord = { article: Article; "case-study": CaseStudy; page: Page };

/** What the admin screens get of one item: the public record plus its publishing state. */
export type PublicationState = {
  status: PublicationStatus;
  /** ISO date-time, or null for a draft that never had one. */
  publishAt: string | null;
  version: number;
  updatedAt: string;
};

/** One kept version of an item, as the editor's revision list shows it. */
export type PublicationRevision = {
  id: number;
  version: number;
  action: string;
  author: string | null;
  createdAt: string;
  status: string;
  title: string;
};

/** What an admin's preview of a hidden item says about it. */
export type PreviewNotice = {
  status: PublicationStatus;
  publishAt: string | null;
  /** The publication time as the site time zone shows it (formatted on the server). */
  publishAtText: string;
  editPath: string;
};

/** The status a stored row has now: a published row whose time is ahead is scheduled. */
export function getEffectiveStatus(
  stored: string,
  publishAt: string | null,
  now: Date,
): PublicationStatus {
  if (stored !== "published") return "draft";
  return publishAt && Date.parse(publishAt) > now.getTime() ? "scheduled" : "published";
}

/** The blog's date text: "Mar 16, 2023" (in UTC, the same on every server). */
export function formatDisplayDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A slug proposed from a title (the site's slug rule, cut to a sensible length). */
export function proposeSlug(title: string): string {
  return toSlug(title).slice(0, 80).replace(/-+$/, "");
}

/** The record an admin's input describes, shown as published at shownAt. */
export function toArticleRecord(input: ArticleInput, shownAt: string): Article {
  return {
    id: input.slug,
    title: input.title,
    ...copyStoredFields(articleFields, input),
    imageUrl: input.imageUrl,
    imageAlt: input.imageUrl ? input.imageAlt : "",
    author: { name: input.authorName, initials: toInitials(input.authorName) },
    date: formatDisplayDate(shownAt),
    publishedAt: shownAt.slice(0, 10),
    readTime: input.readTime || computeReadTime(input.body),
    body: input.body,
    ...pickSeoSettings(input),
    coverAsCardImage: input.coverAsCardImage ?? false,
  };
}

export function toCaseStudyRecord(input: CaseStudyInput): CaseStudy {
  return {
    id: input.slug,
    title: input.title,
    ...copyStoredFields(caseStudyFields, input),
    imageUrl: input.imageUrl,
    imageAlt: input.imageUrl ? input.imageAlt : "",
    testimonial: { ...input.testimonial, initials: toInitials(input.testimonial.name) },
    body: input.body,
    ...pickSeoSettings(input),
  };
}

export function toPageRecord(input: PageInput): Page {
  return {
    id: input.slug,
    title: input.title,
    blocks: input.blocks,
    ...pickSeoSettings(input),
    ...(input.unpublishAt
      ? {
          unpublishAt: new Date(input.unpublishAt).toISOString(),
          unpublishTo: input.unpublishTo ?? "",
        }
      : {}),
  };
}

/** Whether a page has come down by its own date (it then answers 410 or its redirect). */
export function hasEnded(page: Pick<Page, "unpublishAt">, now: Date): boolean {
  return page.unpublishAt !== undefined && Date.parse(page.unpublishAt) <= now.getTime();
}

export const toPublicationRecord = {
  article: toArticleRecord,
  "case-study": toCaseStudyRecord,
  page: toPageRecord,
} as {
  [K in PublicationKind]: (input: PublicationInput[K], shownAt: string) => PublicationRecord[K];
};

/** The editor's input for a stored item: the inverse of toArticleRecord. */
export function toArticleInput(
  article: Article,
  state: Pick<PublicationState, "status" | "publishAt">,
): ArticleInput {
  return {
    slug: article.id,
    status: state.status,
    publishAt: state.publishAt ?? "",
    title: article.title,
    ...copyStoredFields(articleFields, article),
    authorName: article.author.name,
    // Shown empty (computed) while it is what the body gives anyway.
    readTime: article.readTime === computeReadTime(article.body) ? "" : article.readTime,
    imageUrl: article.imageUrl,
    imageAlt: article.imageAlt,
    body: article.body,
    ...pickSeoSettings(article),
    coverAsCardImage: article.coverAsCardImage ?? false,
  };
}

export function toCaseStudyInput(
  study: CaseStudy,
  state: Pick<PublicationState, "status" | "publishAt">,
): CaseStudyInput {
  const { initials: _initials, ...testimonial } = study.testimonial;
  return {
    slug: study.id,
    status: state.status,
    publishAt: state.publishAt ?? "",
    title: study.title,
    ...copyStoredFields(caseStudyFields, study),
    testimonial,
    imageUrl: study.imageUrl,
    imageAlt: study.imageAlt,
    body: study.body,
    ...pickSeoSettings(study),
  };
}

export function toPageInput(
  page: Page,
  state: Pick<PublicationState, "status" | "publishAt">,
): PageInput {
  return {
    slug: page.id,
    status: state.status,
    publishAt: state.publishAt ?? "",
    title: page.title,
    blocks: page.blocks,
    ...pickSeoSettings(page),
    ...(page.unpublishAt
      ? { unpublishAt: page.unpublishAt, unpublishTo: page.unpublishTo ?? "" }
      : {}),
  };
}

export const toPublicationInput = {
  article: toArticleInput,
  "case-study": toCaseStudyInput,
  page: toPageInput,
} as {
  [K in PublicationKind]: (
    record: PublicationRecord[K],
    state: Pick<PublicationState, "status" | "publishAt">,
  ) => PublicationInput[K];
};

/** One row of the admin list. */
export type AdminListItem = {
  id: string;
  title: string;
  /** The article's category or the case study's industry. */
  group: string;
  status: PublicationStatus;
  publishAt: string | null;
  updatedAt: string;
  imageUrl: string;
};

export type AdminListQuery = { q: string; status: PublicationStatus | ""; group: string };

/** The list's filters from the URL query; unknown values fall back to "all". */
export function parseAdminListQuery(params: URLSearchParams): AdminListQuery {
  const status = params.get("status") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: (publicationStatuses as readonly string[]).includes(status)
      ? (status as PublicationStatus)
      : "",
    group: (params.get("group") ?? "").trim().slice(0, 100),
  };
}

/** Items whose title or slug contains the search text, with the chosen status and group. */
export function filterAdminList(items: readonly AdminListItem[], query: AdminListQuery) {
  const needle = query.q.toLocaleLowerCase();
  return items.filter(
    (item) =>
      (!query.status || item.status === query.status) &&
      (!query.group || item.group === query.group) &&
      (!needle || item.title.toLocaleLowerCase().includes(needle) || item.id.includes(needle)),
  );
}

/** The editor's starting point for a new item: a draft with every field empty. */
export function createEmptyInput<K extends PublicationKind>(kind: K): PublicationInput[K] {
  if (kind === "page") {
    const page: PageInput = {
      slug: "",
      status: "draft",
      publishAt: "",
      title: "",
      blocks: [],
      ...defaultSeoSettings,
    };
    return page as PublicationInput[K];
  }
  return {
    slug: "",
    status: "draft",
    publishAt: "",
    title: "",
    ...createEmptyValues(kindFields[kind]),
    imageUrl: "",
    imageAlt: "",
    body: "",
    ...defaultSeoSettings,
    ...(kind === "article" ? { coverAsCardImage: false } : {}),
  } as PublicationInput[K];
}

/** Each kind's own fields, for the editor and the rules that walk them. */
export const kindFields = {
  article: articleFields,
  "case-study": caseStudyFields,
  page: [],
} as const satisfies Record<PublicationKind, unknown>;

/** The value the admin list groups an item by: its category or industry. */
export function readGroup(kind: PublicationKind, record: PublicationRecord[PublicationKind]) {
  const field = kindFields[kind].find((spec) => spec.kind === "group");
  return field ? String((record as Record<string, unknown>)[field.key] ?? "") : "";
}
