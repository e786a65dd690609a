// What links to a page's address: menus and texts of the content document, other pages' blocks,
// articles' and case studies' texts; shown before the page is deleted, so no link dies unnoticed.
import { describeContentPath } from "~/features/content/editor/content-fields";
import { getRequestContent } from "~/features/content/request-content.server";
import type { Db } from "~/platform/db/tables.server";
import { kindTexts } from "./kind-texts";
import { type PublicationKind, publicationKinds } from "./schema";
import { listForAdmin } from "./store/reads.server";

/** One place that links to the address: what it is, and where the owner edits it. */
export type LinkingPlace = { label: string; href: string };

/** Whether a text is the address or names it in a link ("/careers", "/careers#jobs", href="/careers"). */
export function makeAddressMatcher(path: string): (text: string) => boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?:^|href=["'])${escaped}(?=$|[?#/"'])`);
  return (text) => pattern.test(text);
}

/** The dotted paths of every text in a value that the matcher accepts. */
export function findMatchingPaths(
  value: unknown,
  matches: (text: string) => boolean,
  path = "",
): string[] {
  if (typeof value === "string") return matches(value) ? [path] : [];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    findMatchingPaths(inner, matches, path ? `${path}.${key}` : key),
  );
}

/** The places that link to `path`, leaving out the page at `self` (its own kind and id). */
export async function listLinksTo(
  db: Db,
  content: unknown,
  path: string,
  self: { kind: PublicationKind; id: string },
): Promise<LinkingPlace[]> {
  const matches = makeAddressMatcher(path);
  const contentPlaces = [...new Set(findMatchingPaths(content, matches).map(describeContentPath))];
  const places: LinkingPlace[] = contentPlaces.map((label) => ({
    label: `Site content: ${label}`,
    href: "/content",
  }));
  for (const kind of publicationKinds) {
    const texts = kindTexts[kind];
    for (const { record } of await listForAdmin(db, kind)) {
      if (kind === self.kind && record.id === self.id) continue;
      if (findMatchingPaths(record, matches).length === 0) continue;
      places.push({
        label: `${texts.singular}: ${record.title}`,
        href: `${texts.adminPath}/${record.id}`,
      });
    }
  }
  return places;
}

/** The places that link to a page, with the content the request already read. */
export async function listLinksToPage(
  context: Parameters<typeof getRequestContent>[0],
  db: Db,
  id: string,
): Promise<LinkingPlace[]> {
  const { content } = await getRequestContent(context);
  return listLinksTo(db, content, kindTexts.page.publicPath(id), { kind: "page", id });
}
