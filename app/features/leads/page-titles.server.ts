// The titles of counted pages (an article's, a case study's) that the inbox names a landing page
// by. Publishing knows them and sits beside leads, so the host passes its reader in with each
// request's context (server/app.ts); unset, pages go untitled.
import { createContext, type RouterContextProvider } from "react-router";
import type { Db } from "~/platform/db/tables.server";

export type PageTitle = { kind: string; title: string };
export type PageTitleReader = (db: Db) => Promise<Map<string, PageTitle>>;

export const pageTitlesContext = createContext<PageTitleReader>(async () => new Map());

/** The reader the request was composed with. */
export function getPageTitleReader(context: Readonly<RouterContextProvider>): PageTitleReader {
  return context.get(pageTitlesContext);
}

/** Every titled page by its path; empty when the reader fails. */
export async function readPageTitles(
  read: PageTitleReader,
  db: Db,
): Promise<Map<string, PageTitle>> {
  try {
    return await read(db);
  } catch {
    return new Map();
  }
}
