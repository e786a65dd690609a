// What the admin sends to write an article or a case study, and the rules derived from it (status,
// slug, read time, initials, display date): one zod schema per kind, shared by the editor (inline
// errors) and the JSON API (400 with the same field messages).
import { z } from "zod";
import {
  type Article,
  type CaseStudy,
  idSchema,
  imagePath,
  richText,
  seoDescription,
} from "~/features/content/schema";
import { toSlug } from "~/features/content/slug";
import { toPlainText } from "~/features/content/text";

export const publicationKinds = ["article", "case-study"] as const;
export type PublicationKind = (typeof publicationKinds)[number];

/** Scheduled is "published, at a time still ahead": it turns into published by itself. */
export const publicationStatuses = ["draft", "scheduled", "published"] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

export const statusLabels: Record<PublicationStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const required = (max: number, label: string) => text(max).min(1, `${label} is required`);

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
  /** "" = the excerpt or summary, fitted to 70-160 characters. */
  seoDescription,
};

type PublishingInput = {
  status: PublicationStatus;
  publishAt: string;
  imageUrl: string;
  imageAlt: string;
};

/** Rules across fields: a scheduled item needs a time, an image needs its description. */
function checkPublishing(value: PublishingInput, ctx: z.RefinementCtx) {
  if (value.status === "scheduled" && !value.publishAt) {
    ctx.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: "Choose the date and time to publish",
    });
  }
  if (value.imageUrl && !value.imageAlt) {
    ctx.addIssue({
      code: "custom",
      path: ["imageAlt"],
      message: "Describe the image for people who cannot see it",
    });
  }
}

export const articleInputSchema = z
  .object({
    ...publishingFields,
    title: required(200, "Title"),
    excerpt: required(2000, "Excerpt"),
    category: required(80, "Category"),
    authorName: required(120, "Author"),
    /** "" = computed from the body. */
    readTime: text(40),
    body: richText,
  })
  .superRefine(checkPublishing);
export type ArticleInput = z.infer<typeof articleInputSchema>;

export const caseStudyInputSchema = z
  .object({
    ...publishingFields,
    title: required(200, "Title"),
    description: required(2000, "Summary"),
    industry: required(80, "Industry"),
    client: text(200),
    challenge: text(2000),
    approach: z.array(required(300, "Each approach step")).max(8, "At most 8 approach steps"),
    results: z
      .array(z.object({ value: required(20, "Result value"), label: required(80, "Result label") }))
      .max(8, "At most 8 results"),
    testimonial: z.object({
      quote: text(2000),
      name: text(120),
      role: text(120),
      company: text(120),
    }),
    body: richText,
  })
  .superRefine(checkPublishing);
export type CaseStudyInput = z.infer<typeof caseStudyInputSchema>;

export type PublicationInput = { article: ArticleInput; "case-study": CaseStudyInput };
export type PublicationRecord = { article: Article; "case-study": CaseStudy };

/** What the admin screens get of one item: the public record plus its publishing state. */
export type PublicationState = {
  status: PublicationStatus;
  /** ISO date-time, or null for a draft that never had one. */
  publishAt: string | null;
  version: number;
  updatedAt: string;
};

/** What an admin's preview of a hidden item says about it. */
export type PreviewNotice = {
  status: PublicationStatus;
  publishAt: string | null;
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

/** Initials of a name: first letters of the first and last words ("Daniel Reyes" is "DR"). */
export function toInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters
    .map((word) => word?.[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 4);
}

/** Reading time at 200 words a minute, at least one minute: "6 min read". */
export function computeReadTime(html: string): string {
  const words = toPlainText(html).split(/\s+/).filter(Boolean).length;
  return `${Math.max(1, Math.round(words / 200))} min read`;
}

/** The blog's date text, as the spec shows it: "Mar 16, 2023" (in UTC, the same on every server). */
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

/** The editor's input for a stored item: the inverse of the store's record building. */
export function toArticleInput(
  article: Article,
  state: Pick<PublicationState, "status" | "publishAt">,
): ArticleInput {
  return {
    slug: article.id,
    status: state.status,
    publishAt: state.publishAt ?? "",
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    authorName: article.author.name,
    // Shown empty (computed) while it is what the body gives anyway.
    readTime: article.readTime === computeReadTime(article.body) ? "" : article.readTime,
    imageUrl: article.imageUrl,
    imageAlt: article.imageAlt,
    body: article.body,
    seoDescription: article.seoDescription,
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
    description: study.description,
    industry: study.industry,
    client: study.client,
    challenge: study.challenge,
    approach: study.approach,
    results: study.results,
    testimonial,
    imageUrl: study.imageUrl,
    imageAlt: study.imageAlt,
    body: study.body,
    seoDescription: study.seoDescription,
  };
}

export const toPublicationInput = {
  article: toArticleInput,
  "case-study": toCaseStudyInput,
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
export function createEmptyInput(kind: PublicationKind): PublicationInput[PublicationKind] {
  const common = {
    slug: "",
    status: "draft" as const,
    publishAt: "",
    title: "",
    imageUrl: "",
    imageAlt: "",
    body: "",
    seoDescription: "",
  };
  if (kind === "article") {
    return { ...common, excerpt: "", category: "", authorName: "", readTime: "" };
  }
  return {
    ...common,
    description: "",
    industry: "",
    client: "",
    challenge: "",
    approach: [],
    results: [],
    testimonial: { quote: "", name: "", role: "", company: "" },
  };
}
