// What links to a page's address, in the owner's words: the menus that show it ("Header menu: About
// › Careers"), the texts that link to it (other pages' blocks, articles, case studies, the content
// document) and the redirects that end at it; shown before the page is deleted, so no link dies
// unnoticed.
import { type Block, findBlockSpec } from "~/capabilities/blocks/page-blocks";
import { listSlugRedirects } from "~/capabilities/old-addresses/old-addresses.server";
import { describeContentPath } from "~/features/content/editor/content-fields";
import { listMenuPlaceLabels } from "~/features/content/navigation";
import { getRequestContent } from "~/features/content/request-content.server";
import type { LinkingPlace, LinksTo } from "~/features/publishing/editor/delete-description";
import { kindTexts } from "~/features/publishing/kind-texts";
import { type PublicationKind, publicationKinds } from "~/features/publishing/schema";
import { listForAdmin } from "~/features/publishing/store/reads.server";
import { listRulesEndingAt } from "~/features/redirects/redirects-to.server";
import type { Db } from "~/platform/db/tables.server";

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

const navigationPath = "/admin/navigation";

/** "Call to action block 2" for the blocks of a page whose texts link to the address. */
function describeLinkingBlocks(blocks: readonly Block[], matches: (text: string) => boolean) {
  return blocks.flatMap((block, index) =>
    findMatchingPaths(block, matches).length > 0
      ? [`${findBlockSpec(block.type)?.label ?? "Block"} block ${index + 1}`]
      : [],
  );
}

/** The places that link to `path`, leaving out the page at `self` (its own kind and id). */
export async function listLinksTo(
  db: Db,
  content: unknown,
  path: string,
  self: { kind: PublicationKind; id: string },
): Promise<LinksTo> {
  const matches = makeAddressMatcher(path);
  const { navigation, ...texts } = (content ?? {}) as {
    navigation?: Parameters<typeof listMenuPlaceLabels>[0];
  };
  const contentPlaces = [...new Set(findMatchingPaths(texts, matches).map(describeContentPath))];
  const places: LinkingPlace[] = contentPlaces.map((label) => ({
    label: `Site content: ${label}`,
    href: "/content",
  }));
  for (const kind of publicationKinds) {
    const words = kindTexts[kind];
    for (const { record } of await listForAdmin(db, kind)) {
      if (kind === self.kind && record.id === self.id) continue;
      const label = `${words.singular}: ${record.title}`;
      const href = words.adminItemPath(record.id);
      if (kind === "page") {
        const blocks = describeLinkingBlocks((record as { blocks: Block[] }).blocks, matches);
        for (const block of blocks) places.push({ label: `${label} › ${block}`, href });
        const { blocks: _blocks, ...rest } = record as { blocks: Block[] };
        if (blocks.length === 0 && findMatchingPaths(rest, matches).length > 0) {
          places.push({ label, href });
        }
      } else if (findMatchingPaths(record, matches).length > 0) {
        places.push({ label, href });
      }
    }
  }
  // The item's own old addresses (kept when its address changed) go with it.
  const words = kindTexts[self.kind];
  const automatic = (await listSlugRedirects(db))
    .filter((row) => row.kind === self.kind && row.new_id === self.id)
    .map((row) => ({
      label: `${words.publicPath(row.old_id)} → ${path} (automatic, kept when the address changed)`,
      href: "/admin/redirects",
    }));
  const redirects = [...automatic, ...(await listRulesEndingAt(db, path))];
  return {
    menus: navigation
      ? listMenuPlaceLabels(navigation, matches).map((label) => ({ label, href: navigationPath }))
      : [],
    texts: places,
    redirects,
  };
}

/** The places that link to a page, with the content the request already read. */
export async function listLinksToPage(
  context: Parameters<typeof getRequestContent>[0],
  db: Db,
  id: string,
): Promise<LinksTo> {
  const { content } = await getRequestContent(context);
  return listLinksTo(db, content, kindTexts.page.publicPath(id), { kind: "page", id });
}
