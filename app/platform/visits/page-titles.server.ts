// The titles of counted pages (an article's, a case study's) for screens below publishing (the
// leads inbox): an extension point publishing's reader fills at boot (server/boot.server.ts).
import type { Db } from "~/platform/db/tables.server";

export type PageTitle = { kind: string; title: string };
type PageTitleReader = (db: Db) => Promise<Map<string, PageTitle>>;

let reader: PageTitleReader | undefined;

export function setPageTitleReader(read: PageTitleReader): void {
  reader = read;
}

/** Every titled page by its path; empty when no reader is set or it fails. */
export async function readPageTitles(db: Db): Promise<Map<string, PageTitle>> {
  try {
    return (await reader?.(db)) ?? new Map();
  } catch {
    return new Map();
  }
}
