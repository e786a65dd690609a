// The words and addresses of the two kinds on the admin screens: one description, both screens.
import { articleFields, caseStudyFields, findGroupField } from "./publication-fields";
import type { PublicationKind } from "./schema";

/** The kind a /admin/:collection or /api/admin/:collection address names, if any. */
export function parseCollection(collection: string | undefined): PublicationKind | undefined {
  if (collection === "articles") return "article";
  if (collection === "case-studies") return "case-study";
  if (collection === "pages") return "page";
  return undefined;
}

export const kindTexts = {
  article: {
    singular: "Article",
    plural: "Articles",
    newLabel: "New Article",
    groupLabel: findGroupField(articleFields).label,
    bodyLabel: "Article text",
    adminPath: "/admin/articles",
    publicPath: (id: string) => `/blog/${id}`,
    publicPrefix: "/blog/",
    adminItemPath: (id: string) => `/admin/articles/${id}`,
    empty: "No articles yet",
    emptyHint: "Write the first one: it stays a draft until you publish it.",
  },
  "case-study": {
    singular: "Case Study",
    plural: "Case Studies",
    newLabel: "New Case Study",
    groupLabel: findGroupField(caseStudyFields).label,
    bodyLabel: "Full story",
    adminPath: "/admin/case-studies",
    publicPath: (id: string) => `/case-studies/${id}`,
    publicPrefix: "/case-studies/",
    adminItemPath: (id: string) => `/admin/case-studies/${id}`,
    empty: "No case studies yet",
    emptyHint: "Add the first one: it stays a draft until you publish it.",
  },
  page: {
    singular: "Page",
    plural: "Pages",
    newLabel: "New Page",
    groupLabel: "",
    bodyLabel: "Blocks",
    adminPath: "/admin/pages",
    publicPath: (id: string) => `/${id}`,
    publicPrefix: "/",
    // An address one level deeper ("campaigns/m365-audit") is one segment of the admin's address,
    // its slash escaped in lower case as the canonical path has it (no 301 on the way).
    adminItemPath: (id: string) => `/admin/pages/${encodeURIComponent(id).replace(/%2F/g, "%2f")}`,
    empty: "No pages yet",
    emptyHint: "Build the first one from blocks: it stays a draft until you publish it.",
  },
} as const satisfies Record<PublicationKind, unknown>;
